// The exam engine (DESIGN §6). The server owns the rules and the clock: which questions a test
// gets, its deadline, when it ends (passed at the last answer within the allowance, failed at the
// mistake that exceeds it, expired after the deadline), and what the browser may see when.
// A training is judged by the same share of mistakes (see mistakesAllowed) but only at its end, and
// no training can be started or answered while the learner sits an exam. The pure rules live in
// src/shared/exam.ts; this file applies them to the database. A test's clock starts at Begin (or
// its first answer), not when it is created.
//
// Concurrency: on PostgreSQL several requests of one learner run at once, so every decision that
// depends on a row is taken under that row's lock: a start under the learner's row, an answer and a
// finish under the examination's row. SQLite runs one writing transaction at a time (and Kysely's
// driver one query at a time on its connection), so there the same transactions are already serial.
import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Locale } from '../../i18n/locales';
import {
  answerStatus,
  deadlineFrom,
  drawBlueprint,
  mistakesAllowed,
  shuffle,
  spreadOverThemes,
  TRAINING_MODES,
  verdictAfterAnswer,
  verdictAtFinish,
  type ExaminationChanges,
  type Random,
  type TrainingMode,
} from '../../shared/exam';
import { prepared, preparedWrite } from '../db/prepared';
import type { Database, ExamMode, ExamStatus } from '../db/schema';
import { activeAccess } from './accesses';
import { DomainError } from './domain-error';

type Db = Kysely<Database> | Transaction<Database>;
export { TRAINING_MODES, type TrainingMode };
/** How many questions a training draw takes when `extras.count` does not say (a lesson's credit test 10, a module's 20, the course's final test an exam's worth). */
const TRAINING_SIZE: Record<TrainingMode, number> = {
  train: 40,
  themes: 100,
  favorites: 100,
  incorrect: 100,
  lesson: 10,
  module: 20,
  final: 40,
};

export interface StartInput {
  qualification: number;
  prepare: boolean;
  continue: boolean;
  language: Locale;
  extras: {
    mode?: TrainingMode | undefined;
    themes?: number[] | undefined;
    time?: number | undefined;
    count?: number | undefined;
    /** A lesson's credit test: exactly these questions (the course's, services/course.ts), in random order. */
    questions?: number[] | undefined;
  };
  /**
   * The end of the access a course test is started under (services/course.ts checked the learner's
   * education access and the module's gating); without it, the qualification's test access is needed.
   */
  courseAccessUntil?: string | undefined;
  /**
   * Ties the test to its caller inside the start's transaction, under the learner's lock (the course
   * links a test to its lesson or module). Asked first of an open test about to be taken up: false
   * means it belongs to someone else, so it is cancelled and a new one drawn; then told of a new one.
   */
  claim?: ((trx: Transaction<Database>, examinationId: number, created: boolean) => Promise<boolean>) | undefined;
}

/** Row locks (SELECT … FOR UPDATE) exist on PostgreSQL only; SQLite's single writer needs none. */
const rowLocks = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Categories whose questions serve a qualification: its own code and its parent's (BE uses B's). */
async function categoriesOf(db: Db, qualificationId: number): Promise<string[]> {
  const q = await db
    .selectFrom('qualifications as q')
    .leftJoin('qualifications as p', 'p.id', 'q.parent_id')
    .select(['q.code', 'p.code as parent'])
    .where('q.id', '=', qualificationId)
    .executeTakeFirstOrThrow();
  return q.parent ? [q.code, q.parent] : [q.code];
}

/** Active question ids serving a qualification, optionally of some themes, grouped by theme. */
async function pool(db: Db, qualificationId: number, themeIds?: number[]): Promise<Map<number, number[]>> {
  let query = db
    .selectFrom('questions as q')
    .select(['q.id', 'q.theme_id'])
    .distinct()
    .innerJoin('question_categories as c', 'c.question_id', 'q.id')
    .where('c.category', 'in', await categoriesOf(db, qualificationId))
    .where('q.retired_at', 'is', null);
  if (themeIds) query = query.where('q.theme_id', 'in', themeIds.length ? themeIds : [-1]);
  const byTheme = new Map<number, number[]>();
  for (const r of await query.orderBy('q.id').execute())
    byTheme.set(r.theme_id, [...(byTheme.get(r.theme_id) ?? []), r.id]);
  return byTheme;
}

/** Every active question id serving a qualification: what there is to know of it (statistics). */
export async function questionPool(db: Db, qualificationId: number): Promise<number[]> {
  return [...(await pool(db, qualificationId)).values()].flat();
}

/** The exam draw by the qualification's theme blueprint (the rule itself is drawBlueprint in the shared exam module). */
export async function drawByBlueprint(
  db: Db,
  qualificationId: number,
  total: number,
  random: Random,
): Promise<number[]> {
  const blueprint = await db
    .selectFrom('qualification_themes')
    .select(['theme_id', 'exam_questions'])
    .where('qualification_id', '=', qualificationId)
    .orderBy('sort')
    .execute();
  return drawBlueprint(
    blueprint.map((b) => ({ theme: b.theme_id, share: b.exam_questions })),
    await pool(db, qualificationId),
    total,
    random,
  );
}

/**
 * The training draws (DESIGN §6). `train` and the course's `final` test follow the exam's blueprint
 * (`extras.count` questions, an exam's worth by default); `themes` takes the chosen themes; a
 * lesson's and a module's credit tests take their themes (`extras.themes`, sent by the course
 * page; all of the qualification's when absent), 10 and 20 questions spread evenly over them.
 */
async function drawTraining(
  db: Db,
  learnerId: number,
  qualificationId: number,
  mode: TrainingMode,
  extras: StartInput['extras'],
  random: Random,
): Promise<number[]> {
  const size = Math.min(extras.count ?? TRAINING_SIZE[mode], 200);
  const all = (m: Map<number, number[]>) => [...m.values()].flat();
  if (mode === 'train' || mode === 'final') {
    const q = await db
      .selectFrom('qualifications')
      .select('exam_questions')
      .where('id', '=', qualificationId)
      .executeTakeFirstOrThrow();
    return drawByBlueprint(db, qualificationId, Math.min(extras.count ?? q.exam_questions, 200), random);
  }
  if (mode === 'lesson' && extras.questions?.length) {
    const allowed = new Set(all(await pool(db, qualificationId)));
    return shuffle(
      extras.questions.filter((id) => allowed.has(id)),
      random,
    ).slice(0, extras.count ?? extras.questions.length);
  }
  if (mode === 'themes' && !extras.themes?.length) throw new DomainError('invalid', 'errors.themesRequired');
  if (mode === 'themes' || mode === 'lesson' || mode === 'module') {
    return spreadOverThemes(
      await pool(db, qualificationId, extras.themes?.length ? extras.themes : undefined),
      size,
      random,
    );
  }
  const allowed = new Set(all(await pool(db, qualificationId)));
  if (mode === 'favorites') {
    const favs = await db
      .selectFrom('favorite_questions')
      .select('question_id')
      .where('learner_id', '=', learnerId)
      .execute();
    return shuffle(
      favs.map((f) => f.question_id).filter((id) => allowed.has(id)),
      random,
    ).slice(0, size);
  }
  // incorrect: the learner's last answer to the question was wrong (answered wrong, not since right).
  const answers = await db
    .selectFrom('examination_answers as a')
    .innerJoin('examinations as e', 'e.id', 'a.examination_id')
    .select(['a.question_id', 'a.correct', 'a.answered_at'])
    .where('e.learner_id', '=', learnerId)
    .where('a.answered', '=', 1)
    .orderBy('a.answered_at')
    .orderBy('a.id')
    .execute();
  const last = new Map<number, number | null>();
  for (const a of answers) last.set(a.question_id, a.correct);
  return shuffle(
    [...last].filter(([id, correct]) => correct === 0 && allowed.has(id)).map(([id]) => id),
    random,
  ).slice(0, size);
}

/** Ends a test that is past its deadline. Returns true when it did. */
async function expireIfLate(
  db: Db,
  exam: { id: number; status: ExamStatus; deadline: string | null },
  now: Date,
): Promise<boolean> {
  if (exam.status !== 'process' || !exam.deadline || exam.deadline > now.toISOString()) return false;
  await db
    .updateTable('examinations')
    .set({ status: 'expired', finished_at: exam.deadline })
    .where('id', '=', exam.id)
    .where('status', '=', 'process')
    .execute();
  return true;
}

/** Ends all of the learner's tests past their deadline, as of the deadline, so no list or resume offers them as unfinished. */
export async function expireLateTests(db: Db, learnerId: number, now: Date): Promise<void> {
  await db
    .updateTable('examinations')
    .set((eb) => ({ status: 'expired', finished_at: eb.ref('deadline') }))
    .where('learner_id', '=', learnerId)
    .where('status', '=', 'process')
    .where('deadline', 'is not', null)
    .where('deadline', '<=', now.toISOString())
    .execute();
}

/**
 * The exam the learner is sitting now, if any. While it runs nothing else may show an answer to its
 * questions: no training can be started or answered, no exam of another qualification started, and
 * every other test's view leaves out correct values and comments of the questions it shares with it
 * (sealedQuestions). A training from the exam's questions (starred, or answered wrong, during the
 * exam) would otherwise give its answers away. An exam opened but not begun counts too (its
 * questions have reached the browser), but it holds nothing yet: starting or answering something
 * else ends it instead of being refused (endUnbegunExam).
 */
export async function runningExam(
  db: Db,
  learnerId: number,
  now: Date,
): Promise<{ id: number; qualification_id: number; started_at: string | null } | undefined> {
  return db
    .selectFrom('examinations')
    .select(['id', 'qualification_id', 'started_at'])
    .where('learner_id', '=', learnerId)
    .where('prepare', '=', 0)
    .where('status', '=', 'process')
    .where((eb) => eb.or([eb('deadline', 'is', null), eb('deadline', '>', now.toISOString())]))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Ends tests as abandoned (cancelled) when another takes their place. */
async function cancelTests(db: Db, ids: number[], now: Date): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('examinations')
    .set({ status: 'cancelled', finished_at: now.toISOString() })
    .where('id', 'in', ids)
    .where('status', '=', 'process')
    .execute();
}

/** A running exam refuses other tests once begun; one never begun is ended to make way (nothing of it was used). */
async function endUnbegunExam(db: Db, running: { id: number; started_at: string | null }, now: Date): Promise<void> {
  if (running.started_at !== null) throw new DomainError('conflict', 'errors.examRunning');
  await cancelTests(db, [running.id], now);
}

/** Question ids of the learner's running exams other than `exceptId`: their answers stay sealed elsewhere. */
export async function sealedQuestions(db: Db, learnerId: number, now: Date, exceptId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('examination_answers as a')
    .innerJoin('examinations as e', 'e.id', 'a.examination_id')
    .select('a.question_id')
    .where('e.learner_id', '=', learnerId)
    .where('e.prepare', '=', 0)
    .where('e.status', '=', 'process')
    .where('e.id', '<>', exceptId)
    .where((eb) => eb.or([eb('e.deadline', 'is', null), eb('e.deadline', '>', now.toISOString())]))
    .execute();
  return new Set(rows.map((r) => r.question_id));
}

/**
 * Until when the learner may test in a qualification: the latest end among their active test
 * accesses to it or to its parent (BE is tested under a B access); null without one.
 */
export async function accessEnd(db: Db, learnerId: number, qualificationId: number, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom('accesses as a')
    .innerJoin('qualifications as t', 't.id', 'a.target_id')
    .select((eb) => eb.fn.max('a.end_at').as('until'))
    .where('a.learner_id', '=', learnerId)
    .where('a.type', '=', 'test')
    .where(activeAccess(now, 'a'))
    .where('t.retired_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('t.id', '=', qualificationId),
        eb('t.id', '=', eb.selectFrom('qualifications as q').select('q.parent_id').where('q.id', '=', qualificationId)),
      ]),
    )
    .executeTakeFirst();
  return row?.until ?? null;
}

/**
 * The access rule (§5): a test is taken under the access it was started with. While that access
 * runs, it may be begun and answered; once it has ended, a test begun before that stays answerable
 * until its own deadline (expiry ends it then), and nothing else — not an untimed training, not a
 * test never begun. Tests from before the access was kept (access_until null) are judged by the
 * access as it is now.
 */
async function checkAccess(
  db: Db,
  learnerId: number,
  exam: { qualification_id: number; access_until: string | null; started_at: string | null; deadline: string | null },
  now: Date,
  beginning: boolean,
): Promise<void> {
  const until = exam.access_until ?? (await accessEnd(db, learnerId, exam.qualification_id, now));
  if (until && until > now.toISOString()) return;
  // Ended: a test begun under it, with a deadline, runs on to that deadline (expiry ends it then).
  if (
    !beginning &&
    exam.access_until !== null &&
    exam.started_at !== null &&
    exam.deadline !== null &&
    exam.started_at < exam.access_until
  )
    return;
  throw new DomainError('forbidden', 'errors.accessEnded');
}

/** Starts a test's clock (Begin): started_at now, the deadline from its time limit. Nothing when it has begun already. */
async function beginTest(
  db: Db,
  exam: { id: number; time_limit: number | null },
  now: Date,
): Promise<{ started_at: string; deadline: string | null } | null> {
  const clock = { started_at: now.toISOString(), deadline: deadlineFrom(now.getTime(), exam.time_limit) };
  const begun = await db
    .updateTable('examinations')
    .set(clock)
    .where('id', '=', exam.id)
    .where('started_at', 'is', null)
    .where('status', '=', 'process')
    .executeTakeFirst();
  return Number(begun.numUpdatedRows) === 1 ? clock : null;
}

/** Modes whose draw depends only on the qualification and the extras (not on the learner's favourites or mistakes, which change). */
const STABLE_DRAWS = new Set<ExamMode>(['exam', 'train', 'themes', 'lesson', 'module', 'final']);

/** The extras as stored and compared: keys in order, themes sorted, so the same request reads the same. */
function canonicalExtras(extras: StartInput['extras']): string {
  const sorted = { ...extras, ...(extras.themes ? { themes: [...extras.themes].sort((x, y) => x - y) } : {}) };
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(sorted)
        .filter(([, v]) => v !== undefined)
        .sort(([x], [y]) => x.localeCompare(y)),
    ),
  );
}

/**
 * Starts a test, or resumes the open one (DESIGN §6; issue 9 §5). At most one unfinished test per
 * learner, mode and qualification, decided under the learner's row lock so parallel starts cannot
 * make two:
 * - `continue: true` resumes the newest open test of that qualification and mode;
 * - `continue: false` takes up an open test never begun with the same request again (nothing of it
 *   was used: no clock ran, no answer was given; a fresh draw would only pile up tests), and
 *   otherwise ends the open one as cancelled (abandoned) and draws a new one.
 * A test is created unbegun: started_at and deadline stay null until Begin (beginExamination, or
 * its first answer). Starting needs an active access; the test keeps when that access ends.
 */
export async function startExamination(
  db: Kysely<Database>,
  learnerId: number,
  input: StartInput,
  now: Date,
  random: Random = Math.random,
): Promise<number> {
  const qual = await db
    .selectFrom('qualifications')
    .selectAll()
    .where('id', '=', input.qualification)
    .executeTakeFirst();
  if (!qual || qual.retired_at) throw new DomainError('notFound', 'errors.qualificationNotFound');
  const accessUntil = input.courseAccessUntil ?? (await accessEnd(db, learnerId, qual.id, now));
  if (!accessUntil) throw new DomainError('forbidden', 'errors.noAccess');
  const mode: ExamMode = input.prepare ? (input.extras.mode ?? 'train') : 'exam';
  const extras = canonicalExtras(input.extras);

  return db.transaction().execute(async (trx) => {
    // One start at a time per learner: parallel starts would each find no open test and each
    // create one. The learner's row is the lock (PostgreSQL; NO KEY UPDATE, so inserts that only
    // reference the learner, like a session, do not wait on it); the checks below run under it.
    await trx
      .selectFrom('learners')
      .select('id')
      .where('id', '=', learnerId)
      .$if(rowLocks(trx), (q) => q.forNoKeyUpdate())
      .execute();
    await expireLateTests(trx, learnerId, now);
    // While an exam runs, only that exam may be resumed or started anew.
    const running = await runningExam(trx, learnerId, now);
    if (running && (input.prepare || running.qualification_id !== qual.id)) await endUnbegunExam(trx, running, now);
    const [newest, ...older] = await trx
      .selectFrom('examinations')
      .select(['id', 'started_at', 'extras'])
      .where('learner_id', '=', learnerId)
      .where('qualification_id', '=', qual.id)
      .where('mode', '=', mode)
      .where('status', '=', 'process')
      .orderBy('id', 'desc')
      .execute();
    const takeUp =
      !!newest &&
      (input.continue || (newest.started_at === null && STABLE_DRAWS.has(mode) && newest.extras === extras)) &&
      (!input.claim || (await input.claim(trx, newest.id, false)));
    // Older open tests (left by earlier versions) are cancelled whatever happens: one stays open at most.
    await cancelTests(
      trx,
      takeUp ? older.map((e) => e.id) : [newest, ...older].filter((e) => !!e).map((e) => e.id),
      now,
    );
    if (takeUp) return newest.id;
    const ids =
      mode === 'exam'
        ? await drawByBlueprint(trx, qual.id, qual.exam_questions, random)
        : await drawTraining(trx, learnerId, qual.id, mode as TrainingMode, input.extras, random);
    if (!ids.length) throw new DomainError('invalid', 'errors.noQuestions');
    // The exam keeps its qualification's rules whatever the extras say; a training is timed only when asked.
    const timeLimit = mode === 'exam' ? qual.exam_minutes * 60 : input.extras.time ? input.extras.time * 60 : null;
    const { id } = await trx
      .insertInto('examinations')
      .values({
        learner_id: learnerId,
        qualification_id: qual.id,
        mode,
        prepare: input.prepare ? 1 : 0,
        status: 'process',
        language: input.language,
        question_count: ids.length,
        time_limit: timeLimit,
        allowed_mistakes: mode === 'exam' ? qual.allowed_mistakes : null,
        extras,
        started_at: null,
        deadline: null,
        finished_at: null,
        access_until: accessUntil,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('examination_answers')
      .values(
        ids.map((questionId, i) => ({
          examination_id: id,
          number: i + 1,
          question_id: questionId,
          answered: 0,
          answer: null,
          correct: null,
          answered_at: null,
        })),
      )
      .execute();
    await input.claim?.(trx, id, true);
    return id;
  });
}

/** The learner's own examination (another learner's is 404), expired on the way when it is late. */
export async function ownExamination(db: Kysely<Database>, learnerId: number, id: number, now: Date) {
  const exam = await db
    .selectFrom('examinations')
    .selectAll()
    .where('id', '=', id)
    .where('learner_id', '=', learnerId)
    .executeTakeFirst();
  if (!exam) throw new DomainError('notFound', 'errors.examNotFound');
  if (await expireIfLate(db, exam, now))
    return await db.selectFrom('examinations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return exam;
}

/**
 * Begin (the start card's button): the test's clock starts now. Needs the access the test was
 * started under to be running still; an exam begun shuts training (runningExam). Beginning a test
 * that has begun or ended changes nothing.
 */
export async function beginExamination(db: Kysely<Database>, learnerId: number, id: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const exam = await trx
      .selectFrom('examinations')
      .select(['id', 'qualification_id', 'prepare', 'status', 'started_at', 'deadline', 'time_limit', 'access_until'])
      .where('id', '=', id)
      .where('learner_id', '=', learnerId)
      .$if(rowLocks(trx), (q) => q.forUpdate())
      .executeTakeFirst();
    if (!exam) throw new DomainError('notFound', 'errors.examNotFound');
    if (exam.status !== 'process' || exam.started_at !== null) return;
    await checkAccess(trx, learnerId, exam, now, true);
    // A training cannot begin while an exam is under way (its answers would show the exam's).
    if (exam.prepare === 1) {
      const running = await runningExam(trx, learnerId, now);
      if (running) await endUnbegunExam(trx, running, now);
    }
    await beginTest(trx, exam, now);
  });
}

export interface AnswerOutcome {
  slot: { id: number; answered: boolean; answer: number | null; correct: boolean | null };
  status: 'process' | 'done' | 'expired';
  questionId: number;
  prepare: boolean;
  language: string;
  /** The examination as the answer left it (counters, status, clock). */
  changes: ExaminationChanges;
}

// The answer call's queries, built once (see prepared): it is the hot path of the whole API.
const answerSlotQuery = prepared((db, slotId: number, learnerId: number, at: string) =>
  db
    .selectFrom('examination_answers as a')
    .innerJoin('examinations as e', 'e.id', 'a.examination_id')
    .innerJoin('questions as q', 'q.id', 'a.question_id')
    .innerJoin('qualifications as ql', 'ql.id', 'e.qualification_id')
    .select([
      'a.id',
      'a.examination_id',
      'a.question_id',
      'e.qualification_id',
      'e.status',
      'e.deadline',
      'e.started_at',
      'e.time_limit',
      'e.access_until',
      'e.language',
      'e.prepare',
      'e.allowed_mistakes',
      'e.question_count',
      'e.mistakes',
      'e.correct',
      'q.correct as right',
      'q.answers_count',
      'ql.allowed_mistakes as qual_mistakes',
      'ql.exam_questions as qual_questions',
    ])
    // Another exam under way (or opened) of the same learner, found in the same read.
    .select((eb) =>
      eb
        .selectFrom('examinations as r')
        .select('r.id')
        .whereRef('r.learner_id', '=', 'e.learner_id')
        .whereRef('r.id', '<>', 'e.id')
        .where('r.prepare', '=', 0)
        .where('r.status', '=', 'process')
        .where((w) => w.or([w('r.deadline', 'is', null), w('r.deadline', '>', at)]))
        .orderBy('r.id', 'desc')
        .limit(1)
        .as('other_exam'),
    )
    .where('a.id', '=', slotId)
    .where('e.learner_id', '=', learnerId),
);
const countAnswerQuery = prepared((db, examId: number, right: number, wrong: number) =>
  db
    .updateTable('examinations')
    .set((eb) => ({ correct: eb('correct', '+', right), mistakes: eb('mistakes', '+', wrong) }))
    .where('id', '=', examId)
    .where('status', '=', 'process')
    .returning(['mistakes', 'correct']),
);
const recordAnswerQuery = preparedWrite((db, slotId: number, value: number, correct: number, at: string) =>
  db
    .updateTable('examination_answers')
    .set({ answered: 1, answer: value, correct, answered_at: at })
    .where('id', '=', slotId)
    .where('answered', '=', 0),
);

/**
 * Records one answer. Each slot is answered once (409 after); all writes happen in one transaction.
 * An answer to a test not yet begun begins it first (its clock starts with the answer).
 */
export async function answerSlot(
  db: Kysely<Database>,
  learnerId: number,
  slotId: number,
  value: number,
  now: Date,
): Promise<AnswerOutcome> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const [slot] = await answerSlotQuery(trx, slotId, learnerId, at);
    if (!slot) throw new DomainError('notFound', 'errors.examNotFound');
    const base = { questionId: slot.question_id, prepare: slot.prepare === 1, language: slot.language };
    const clock = { started_at: slot.started_at, deadline: slot.deadline };
    if (await expireIfLate(trx, { id: slot.examination_id, status: slot.status, deadline: slot.deadline }, now)) {
      return {
        ...base,
        slot: { id: slot.id, answered: false, answer: null, correct: null },
        status: 'expired',
        changes: {
          id: slot.examination_id,
          status: 'expired',
          mistakes: slot.mistakes,
          correct: slot.correct,
          ...clock,
          finished_at: slot.deadline,
        },
      };
    }
    if (slot.status !== 'process') throw new DomainError('conflict', 'errors.examFinished');
    if (value > slot.answers_count) throw new DomainError('invalid', 'errors.badAnswer');
    await checkAccess(trx, learnerId, slot, now, slot.started_at === null);
    if (slot.prepare === 1 && slot.other_exam !== null) {
      const running = await trx
        .selectFrom('examinations')
        .select(['id', 'started_at'])
        .where('id', '=', slot.other_exam)
        .executeTakeFirstOrThrow();
      await endUnbegunExam(trx, running, now);
    }
    if (slot.started_at === null) {
      // Begun by this answer, or (a Begin racing it) by another request just now: either way, its clock.
      const begun = await beginTest(trx, { id: slot.examination_id, time_limit: slot.time_limit }, now);
      Object.assign(
        clock,
        begun ??
          (await trx
            .selectFrom('examinations')
            .select(['started_at', 'deadline'])
            .where('id', '=', slot.examination_id)
            .executeTakeFirstOrThrow()),
      );
    }
    const correct = value === slot.right ? 1 : 0;
    // The status read above was taken without a lock. Counting the answer first, on the examination's
    // row and only while it is in process, takes that row's lock: answers to one test run one after
    // another, and once one of them has ended the test the others find it ended (409) and count nothing.
    const [counts] = await countAnswerQuery(trx, slot.examination_id, correct, 1 - correct);
    if (!counts) throw new DomainError('conflict', 'errors.examFinished');
    // The guard on `answered = 0` makes a concurrent second answer change nothing (its count above is rolled back).
    if ((await recordAnswerQuery(trx, slot.id, value, correct, at)) !== 1)
      throw new DomainError('conflict', 'errors.alreadyAnswered');
    const test = {
      prepare: base.prepare,
      allowed_mistakes: slot.allowed_mistakes,
      question_count: slot.question_count,
    };
    const verdict = verdictAfterAnswer(
      test,
      counts,
      mistakesAllowed(test, { allowed_mistakes: slot.qual_mistakes, exam_questions: slot.qual_questions }),
    );
    const finishedAt = verdict === 'process' ? null : at;
    if (verdict !== 'process') {
      await trx
        .updateTable('examinations')
        .set({ status: verdict, finished_at: finishedAt })
        .where('id', '=', slot.examination_id)
        .execute();
    }
    return {
      ...base,
      slot: { id: slot.id, answered: true, answer: value, correct: correct === 1 },
      status: answerStatus(verdict),
      changes: {
        id: slot.examination_id,
        status: verdict,
        mistakes: counts.mistakes,
        correct: counts.correct,
        ...clock,
        finished_at: finishedAt,
      },
    };
  });
}

/** Ends a test on request: done (judged with unanswered questions as not correct) or cancelled. */
export async function finishExamination(
  db: Kysely<Database>,
  learnerId: number,
  id: number,
  how: 'done' | 'cancelled',
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Under the examination's lock, so a finish racing an answer judges the final counts.
    const exam = await trx
      .selectFrom('examinations')
      .select([
        'id',
        'status',
        'deadline',
        'prepare',
        'allowed_mistakes',
        'question_count',
        'mistakes',
        'correct',
        'qualification_id',
      ])
      .where('id', '=', id)
      .where('learner_id', '=', learnerId)
      .$if(rowLocks(trx), (q) => q.forUpdate())
      .executeTakeFirst();
    if (!exam) throw new DomainError('notFound', 'errors.examNotFound');
    if (await expireIfLate(trx, exam, now)) return;
    if (exam.status !== 'process') return; // finishing a finished test is harmless: the result stands
    let status: ExamStatus = 'cancelled';
    if (how === 'done') {
      const qual = await trx
        .selectFrom('qualifications')
        .select(['allowed_mistakes', 'exam_questions'])
        .where('id', '=', exam.qualification_id)
        .executeTakeFirstOrThrow();
      status = verdictAtFinish(exam, exam, mistakesAllowed({ ...exam, prepare: exam.prepare === 1 }, qual));
    }
    await trx
      .updateTable('examinations')
      .set({ status, finished_at: now.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'process')
      .execute();
  });
}
