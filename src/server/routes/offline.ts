// Offline study (issue 23): GET the pack a learner takes away, POST the answers given with it.
// The contract is src/shared/api/offline.ts; the rules are services/offline.ts.
import { Hono } from 'hono';
import { z } from 'zod';
import { localeCodes, type Locale } from '../../i18n/locales';
import { bracketQuery, idParam, jsonBody, requireAuth, type Env } from '../context';
import { ApiError } from '../errors';
import { OFFLINE_BATCH_MAX, offlinePack, syncOfflineAnswers } from '../services/offline';
import { OFFLINE_BATCH_CODES } from '../../shared/api/offline';

const id = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
// Browsers write UUIDs in lower case; any case is the same id.
const uuid = z.uuid().transform((s) => s.toLowerCase());
const packQuery = z.object({
  qualification: idParam,
  language: z.enum(localeCodes as [Locale, ...Locale[]]).optional(),
});
const answer = z
  .object({
    client_id: uuid,
    session: uuid,
    question: id,
    rev: z.string().min(1).max(64),
    // Any whole number is a value; one the question does not have is refused per answer, not the batch.
    value: z
      .number()
      .int()
      .min(-(2 ** 31))
      .max(2 ** 31 - 1),
    // A real calendar time with its offset (the device's clock); stored as UTC like every other time.
    answered_at: z.iso.datetime({ offset: true }),
  })
  .strict();
const syncShape = z
  .object({ qualification: id, pack: z.string().min(1).max(64), answers: z.array(answer).min(1) })
  .strict();
// Parsed in two steps, so a batch that is only too long says so.
const syncBody = z.unknown();

export const offlineRoutes = new Hono<Env>({ strict: false })
  .use(requireAuth)
  .get('/offline/pack', async (c) => {
    const { db, now } = c.get('deps');
    let query: z.infer<typeof packQuery>;
    try {
      query = bracketQuery(c, packQuery);
    } catch (error) {
      // The same 400, saying what this call needs.
      throw error instanceof ApiError ? new ApiError(400, 'errors.offlinePackQuery') : error;
    }
    const pack = await offlinePack(
      db,
      c.get('learner').id,
      query.qualification,
      query.language ?? c.get('locale'),
      now(),
    );
    // The learner's own answers: never kept by a shared cache, nor by the browser's HTTP cache.
    return c.json(pack, 200, { 'Cache-Control': 'private, no-store' });
  })
  .post('/offline/answers', async (c) => {
    const { db, now } = c.get('deps');
    const raw = await jsonBody(c, syncBody);
    const tooMany =
      typeof raw === 'object' &&
      raw !== null &&
      Array.isArray((raw as { answers?: unknown }).answers) &&
      (raw as { answers: unknown[] }).answers.length > OFFLINE_BATCH_MAX;
    if (tooMany)
      throw new ApiError(400, 'errors.offlineTooMany', { max: OFFLINE_BATCH_MAX }, OFFLINE_BATCH_CODES.tooBig);
    const body = syncShape.safeParse(raw);
    if (!body.success) throw new ApiError(400, 'errors.offlineBatch', {}, OFFLINE_BATCH_CODES.malformed);
    const learner = c.get('learner');
    return c.json(await syncOfflineAnswers(db, learner, body.data, c.get('locale'), now()));
  });
