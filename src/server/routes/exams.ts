// Examinations, the demo test and favourite questions (spec §7; DESIGN §5a, §6).
import { Hono } from 'hono';
import { z } from 'zod';
import { localeCodes, type Locale } from '../../i18n/locales';
import { bracketQuery, idParam, jsonBody, requireAuth, type AppContext, type Env } from '../context';
import { ApiError } from '../errors';
import { demoTest } from '../services/demo';
import { examinationView } from '../services/exam-view';
import { answerSlot, expireLateTests, finishExamination, ownExamination, startExamination, TRAINING_MODES } from '../services/exam';

const id = z.number().int().positive().max(2 ** 31 - 1);
const language = z.enum(localeCodes as [Locale, ...Locale[]]);
const startBody = z.object({
  qualification: id,
  prepare: z.boolean(),
  continue: z.boolean(),
  language: language.optional(),
  extras: z.object({
    mode: z.enum(TRAINING_MODES).optional(),
    themes: z.array(id).max(100).optional(),
    time: z.number().int().min(1).max(600).optional(),
    count: z.number().int().min(1).max(200).optional(),
    commentsBefore: z.boolean().optional(),
  }).strict().optional(),
}).strict();

async function view(c: AppContext, examId: number, sealed?: Set<number>) {
  const { db, now } = c.get('deps');
  const exam = await ownExamination(db, c.get('learner').id, examId, now());
  return examinationView(db, exam, c.get('learner').id, now(), sealed);
}

/** After an answer nothing is sealed: a training's answer is refused while an exam runs, and an
 *  exam's answer belongs to the one exam that may run. Saying so spares the hot path a query. */
const NOTHING_SEALED = new Set<number>();

export const examRoutes = new Hono<Env>({ strict: false })
  .use(requireAuth)
  .post('/examinations/start', async (c) => {
    const { db, now } = c.get('deps');
    const body = await jsonBody(c, startBody);
    if (body.prepare && body.extras?.mode === undefined && body.extras?.themes) body.extras.mode = 'themes';
    const examId = await startExamination(db, c.get('learner').id, {
      qualification: body.qualification, prepare: body.prepare, continue: body.continue,
      language: body.language ?? c.get('locale'), extras: body.extras ?? {},
    }, now());
    return c.json(await view(c, examId));
  })
  .post('/examinations/process', async (c) => {
    const { db, now } = c.get('deps');
    const body = await jsonBody(c, z.object({ examination: id, language: language.optional() }).strict());
    const exam = await ownExamination(db, c.get('learner').id, body.examination, now());
    // A test started in one language can be continued in another.
    if (body.language && body.language !== exam.language) {
      await db.updateTable('examinations').set({ language: body.language }).where('id', '=', exam.id).execute();
    }
    return c.json(await view(c, exam.id));
  })
  .post('/examinations/answer', async (c) => {
    const { db, now } = c.get('deps');
    const body = await jsonBody(c, z.object({ id, value: z.number().int().min(1).max(5) }).strict(), 'errors.badAnswer');
    const outcome = await answerSlot(db, c.get('learner').id, body.id, body.value, now());
    const examination = await view(c, outcome.examinationId, NOTHING_SEALED);
    const question = examination.questions.find((q) => q.id === outcome.questionId)!;
    return c.json({
      answer: {
        ...outcome.slot,
        ...(examination.prepare || outcome.status !== 'process' ? { correct_value: question.correct_value, comment: question.comment } : {}),
      },
      status: outcome.status,
      examination,
    });
  })
  .post('/examinations/finish', async (c) => {
    const { db, now } = c.get('deps');
    const body = await jsonBody(c, z.object({ examination: id, status: z.enum(['done', 'cancelled']) }).strict());
    await finishExamination(db, c.get('learner').id, body.examination, body.status, now());
    return c.json(await view(c, body.examination));
  })
  .get('/examinations/:id', async (c) => {
    const parsed = idParam.safeParse(c.req.param('id'));
    if (!parsed.success) throw new ApiError(400, 'errors.badQuery');
    return c.json(await view(c, parsed.data));
  })
  .get('/examinations', async (c) => {
    const { db, now } = c.get('deps');
    const q = bracketQuery(c, z.object({
      limit: z.string().regex(/^\d{1,3}$/).transform(Number).pipe(z.number().int().min(1).max(100)).optional(),
      page: z.string().regex(/^\d{1,6}$/).transform(Number).pipe(z.number().int().min(1)).optional(),
      filter: z.object({
        qualification: idParam.optional(),
        status: z.enum(['process', 'passed', 'failed', 'cancelled', 'expired']).optional(),
        prepare: z.enum(['true', 'false']).optional(),
      }).strict().optional(),
      upd: z.string().optional(),
    }).strict());
    const limit = q.limit ?? 10;
    const page = q.page ?? 1;
    const locale = c.get('locale');
    // Tests left past their deadline are ended first, so the list never offers them as unfinished.
    await expireLateTests(db, c.get('learner').id, now());
    let base = db.selectFrom('examinations as e').where('e.learner_id', '=', c.get('learner').id);
    if (q.filter?.qualification) base = base.where('e.qualification_id', '=', q.filter.qualification);
    if (q.filter?.status) base = base.where('e.status', '=', q.filter.status);
    if (q.filter?.prepare) base = base.where('e.prepare', '=', q.filter.prepare === 'true' ? 1 : 0);
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base.innerJoin('qualifications as q', 'q.id', 'e.qualification_id')
      .select(['e.id', 'e.mode', 'e.prepare', 'e.status', 'e.started_at', 'e.finished_at', 'e.correct', 'e.mistakes', 'e.question_count', 'q.id as qid', `q.name_${locale} as qname` as 'q.name_ru as qname'])
      .orderBy('e.id', 'desc').limit(limit).offset((page - 1) * limit).execute();
    return c.json({
      data: rows.map((r) => ({
        id: r.id, qualification: { id: r.qid, name: r.qname }, mode: r.mode, prepare: r.prepare === 1, status: r.status,
        started_at: r.started_at, finished_at: r.finished_at, correct: r.correct, mistakes: r.mistakes, question_count: r.question_count,
      })),
      meta: { pages: Math.max(1, Math.ceil(total / limit)), total },
    });
  })
  .get('/favorite/questions/ids', async (c) => {
    const rows = await c.get('deps').db.selectFrom('favorite_questions').select('question_id').where('learner_id', '=', c.get('learner').id).orderBy('created_at').execute();
    return c.json({ data: rows.map((r) => r.question_id) });
  })
  .post('/favorite/questions', async (c) => {
    const { db, now } = c.get('deps');
    const body = await jsonBody(c, z.object({ id }).strict());
    const exists = await db.selectFrom('questions').select('id').where('id', '=', body.id).executeTakeFirst();
    if (!exists) throw new ApiError(404, 'errors.questionNotFound');
    const learnerId = c.get('learner').id;
    // Adding is idempotent, also when two adds race (a read-then-insert would hit the primary key).
    await db.insertInto('favorite_questions').values({ learner_id: learnerId, question_id: body.id, created_at: now().toISOString() })
      .onConflict((oc) => oc.columns(['learner_id', 'question_id']).doNothing()).execute();
    const rows = await db.selectFrom('favorite_questions').select('question_id').where('learner_id', '=', learnerId).orderBy('created_at').execute();
    return c.json({ data: rows.map((r) => r.question_id) });
  })
  .delete('/favorite/questions/:id', async (c) => {
    const parsed = idParam.safeParse(c.req.param('id'));
    if (!parsed.success) throw new ApiError(400, 'errors.badQuery');
    const { db } = c.get('deps');
    const learnerId = c.get('learner').id;
    await db.deleteFrom('favorite_questions').where('learner_id', '=', learnerId).where('question_id', '=', parsed.data).execute();
    const rows = await db.selectFrom('favorite_questions').select('question_id').where('learner_id', '=', learnerId).orderBy('created_at').execute();
    return c.json({ data: rows.map((r) => r.question_id) });
  });

/** The demo: a fixed public set the operator chooses (services/demo.ts), answers included (the browser checks it). */
export const demoRoutes = new Hono<Env>({ strict: false })
  .get('/demo', async (c) => {
    const demo = await demoTest(c.get('deps').db, c.get('locale'));
    c.header('Cache-Control', 'public, max-age=300');
    // The texts follow Accept-Language: a shared cache must keep one copy per language.
    c.header('Vary', 'Accept-Language', { append: true });
    return c.json(demo);
  });
