// Examinations, the demo test and favourite questions (spec §7; DESIGN §5a, §6).
import { Hono } from 'hono';
import { z } from 'zod';
import { localeCodes, type Locale } from '../../i18n/locales';
import { bracketQuery, idParam, jsonBody, requireAuth, type Env } from '../context';
import { demoTest } from '../services/demo';
import { EXAM_PROTOCOLS, EXAM_STATUSES, HISTORY_RESULTS, TRAINING_MODES } from '../../shared/api/exam';
import { answerExamination } from '../services/exam/answer';
import { listExaminations } from '../services/exam/history';
import { finishExamination, startExamination } from '../services/exam/lifecycle';
import { examinationOf, processExamination } from '../services/exam/read';
import { addFavorite, favoriteIds, removeFavorite } from '../services/favorites';
import { pathId } from './path-id';

const id = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const language = z.enum(localeCodes as [Locale, ...Locale[]]);
const startBody = z
  .object({
    qualification: id,
    prepare: z.boolean(),
    continue: z.boolean(),
    language: language.optional(),
    extras: z
      .object({
        mode: z.enum(TRAINING_MODES).optional(),
        themes: z.array(id).max(100).optional(),
        time: z.number().int().min(1).max(600).optional(),
        count: z.number().int().min(1).max(200).optional(),
        commentsBefore: z.boolean().optional(),
        protocol: z.enum(EXAM_PROTOCOLS).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

// Schemas are built once: zod builds a schema at a cost (tens of µs) that the answer call cannot pay per request.
const processBody = z
  .object({ examination: id, language: language.optional(), begin: z.boolean().optional() })
  .strict();
const answerBody = z.object({ id, value: z.number().int().min(1).max(5) }).strict();
const finishBody = z.object({ examination: id, status: z.enum(['done', 'cancelled']) }).strict();
const favoriteBody = z.object({ id }).strict();
const historyQuery = z
  .object({
    limit: z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number)
      .pipe(z.number().int().min(1).max(100))
      .optional(),
    page: z
      .string()
      .regex(/^\d{1,6}$/)
      .transform(Number)
      .pipe(z.number().int().min(1))
      .optional(),
    filter: z
      .object({
        qualification: idParam.optional(),
        status: z.enum(EXAM_STATUSES).optional(),
        prepare: z.enum(['true', 'false']).optional(),
        mode: z.enum(['exam', ...TRAINING_MODES] as const).optional(),
        result: z.enum(HISTORY_RESULTS).optional(),
      })
      .strict()
      .optional(),
    upd: z.string().optional(),
  })
  .strict();

export const examRoutes = new Hono<Env>({ strict: false })
  .use(requireAuth)
  .post('/examinations/start', async (c) => {
    const { db, now, config } = c.get('deps');
    const body = await jsonBody(c, startBody);
    if (body.prepare && body.extras?.mode === undefined && body.extras?.themes) body.extras.mode = 'themes';
    const learnerId = c.get('learner').id;
    const { protocol, ...extras } = body.extras ?? {};
    const examId = await startExamination(
      db,
      learnerId,
      {
        qualification: body.qualification,
        prepare: body.prepare,
        continue: body.continue,
        language: body.language ?? c.get('locale'),
        extras,
        protocol,
        startsPerHour: config.ZHOL_TEST_STARTS_PER_HOUR,
      },
      now(),
    );
    return c.json(await examinationOf(db, learnerId, examId, now()));
  })
  .post('/examinations/process', async (c) => {
    const { db, now } = c.get('deps');
    const body = await jsonBody(c, processBody);
    return c.json(
      await processExamination(
        db,
        c.get('learner').id,
        body.examination,
        { language: body.language, begin: body.begin === true },
        now(),
      ),
    );
  })
  .post('/examinations/answer', async (c) => {
    const { db, now } = c.get('deps');
    const body = await jsonBody(c, answerBody, 'errors.badAnswer');
    return c.json(await answerExamination(db, c.get('learner').id, body.id, body.value, now()));
  })
  .post('/examinations/finish', async (c) => {
    const { db, now } = c.get('deps');
    const body = await jsonBody(c, finishBody);
    const learnerId = c.get('learner').id;
    await finishExamination(db, learnerId, body.examination, body.status, now());
    return c.json(await examinationOf(db, learnerId, body.examination, now()));
  })
  .get('/examinations/:id', async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await examinationOf(db, c.get('learner').id, pathId(c), now()));
  })
  .get('/examinations', async (c) => {
    const { db, now } = c.get('deps');
    const q = bracketQuery(c, historyQuery);
    return c.json(
      await listExaminations(
        db,
        c.get('learner').id,
        {
          qualification: q.filter?.qualification,
          status: q.filter?.status,
          prepare: q.filter?.prepare === undefined ? undefined : q.filter.prepare === 'true',
          mode: q.filter?.mode,
          result: q.filter?.result,
          page: q.page ?? 1,
          limit: q.limit ?? 10,
        },
        c.get('locale'),
        now(),
      ),
    );
  })
  .get('/favorite/questions/ids', async (c) =>
    c.json({ data: await favoriteIds(c.get('deps').db, c.get('learner').id) }),
  )
  .post('/favorite/questions', async (c) => {
    const { db, now } = c.get('deps');
    const body = await jsonBody(c, favoriteBody);
    return c.json({ data: await addFavorite(db, c.get('learner').id, body.id, now()) });
  })
  .delete('/favorite/questions/:id', async (c) => {
    return c.json({ data: await removeFavorite(c.get('deps').db, c.get('learner').id, pathId(c)) });
  });

/** The demo: a fixed public set the operator chooses (services/demo.ts), answers included (the browser checks it). */
export const demoRoutes = new Hono<Env>({ strict: false }).get('/demo', async (c) => {
  const demo = await demoTest(c.get('deps').db, c.get('locale'));
  c.header('Cache-Control', 'public, max-age=300');
  // The texts follow Accept-Language: a shared cache must keep one copy per language.
  c.header('Vary', 'Accept-Language', { append: true });
  return c.json(demo);
});
