// The exam engine's lifecycle (DESIGN §6): start (or resume), Begin, finish and expiry. The server
// owns the rules and the clock: a test's clock starts at Begin (or its first answer), not when it is
// created; it ends passed, failed, cancelled or expired. A course test is judged at its end (see
// mistakesAllowed); any other training counts no mistakes and ends 'completed' (endingStatus). No
// training can be started or answered while the learner sits an exam. The pure rules live in src/shared/exam.ts.
//
// Concurrency: on PostgreSQL several requests of one learner run at once, so every decision that
// depends on a row is taken under that row's lock: a start under the learner's row, an answer and a
// finish under the examination's row. SQLite runs one writing transaction at a time (and Kysely's
// driver one query at a time on its connection), so there the same transactions are already serial.
import type { Kysely, Transaction } from 'kysely';
import type { Locale } from '../../../i18n/locales';
import type { ExamProtocol, TrainingMode } from '../../../shared/api/exam';
import { deadlineFrom, endingStatus, mistakesAllowed, verdictAtFinish, type Random } from '../../../shared/exam';
import type { Database, ExamMode, ExamStatus } from '../../db/schema';
import {
  findExamination,
  insertExamination,
  openTests,
  rowLocks,
  runningExam,
  setClock,
  type Db,
  type ExamRecord,
} from '../../repositories/examinations';
import { DomainError } from '../domain-error';
import { accessEnd, checkAccess, endUnbegunExam } from './access';
import { cancelTests, endTest, expireIfLate, expireLateTests } from './ending';
import { drawSmart } from '../readiness';
import { drawByBlueprint, drawTraining, type DrawExtras } from './draw';
import { capUnfinishedTests, countStart, removeTests, unbegunEndedTests } from './start-limits';

export interface StartInput {
  qualification: number;
  prepare: boolean;
  continue: boolean;
  language: Locale;
  extras: DrawExtras;
  /** How the exam is run (issue 25); 'spec' when not given. A training is always 'spec'. */
  protocol?: ExamProtocol | undefined;
  /**
   * The end of the access a course test is started under (services/course.ts checked the learner's
   * education access and the module's gating); without it, the qualification's test access is needed.
   */
  courseAccessUntil?: string | undefined;
  /** A training's own mistake allowance, stored on it (the course's final); without it, the exam's share applies. */
  allowedMistakes?: number | undefined;
  /**
   * Ties the test to its caller inside the start's transaction, under the learner's lock (the course
   * links a test to its lesson or module). Asked first of an open test about to be taken up: false
   * means it belongs to someone else, so it is cancelled and a new one drawn; then told of a new one.
   */
  claim?: ((trx: Transaction<Database>, examinationId: number, created: boolean) => Promise<boolean>) | undefined;
  /** New tests a learner may start in an hour (ZHOL_TEST_STARTS_PER_HOUR); STARTS_PER_HOUR when not given. */
  startsPerHour?: number | undefined;
}

/** Starts a test's clock (Begin): started_at now, the deadline from its time limit. Nothing when it has begun already. */
export async function beginTest(
  db: Db,
  exam: { id: number; time_limit: number | null },
  now: Date,
): Promise<{ started_at: string; deadline: string | null } | null> {
  const clock = { started_at: now.toISOString(), deadline: deadlineFrom(now.getTime(), exam.time_limit) };
  return (await setClock(db, exam.id, clock)) ? clock : null;
}

/** Modes whose draw depends only on the qualification and the extras (not on the learner's favourites or mistakes, which change). */
const STABLE_DRAWS = new Set<ExamMode>(['exam', 'train', 'themes', 'lesson', 'module', 'final']);

/** The extras as stored and compared: keys in order, themes sorted, so the same request reads the same. */
function canonicalExtras(extras: DrawExtras): string {
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
 * its first answer). Starting needs an active access; the test keeps when that access ends (not when
 * it is revoked: endTestsOfRevokedAccess). A new test is bounded by start-limits.ts: the start rate
 * (429 beyond it), the unfinished tests' cap, and the removal of tests ended unbegun.
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
  const protocol = input.protocol ?? 'spec';
  // The centre's protocol is how the exam centre runs its exam: a training has nothing to run that way.
  if (input.prepare && protocol !== 'spec') throw new DomainError('invalid', 'errors.protocolExamOnly');
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
    const leftovers = await unbegunEndedTests(trx, learnerId);
    // While an exam runs, only that exam may be resumed or started anew.
    const running = await runningExam(trx, learnerId, now);
    if (running && (input.prepare || running.qualification_id !== qual.id)) await endUnbegunExam(trx, running, now);
    const [newest, ...older] = await openTests(trx, learnerId, qual.id, mode);
    const takeUp =
      !!newest &&
      (input.continue ||
        (newest.started_at === null &&
          STABLE_DRAWS.has(mode) &&
          newest.extras === extras &&
          newest.protocol === protocol)) &&
      (!input.claim || (await input.claim(trx, newest.id, false)));
    // Older open tests (left by earlier versions) are cancelled whatever happens: one stays open at most.
    await cancelTests(
      trx,
      takeUp ? older.map((e) => e.id) : [newest, ...older].filter((e) => !!e).map((e) => e.id),
      now,
    );
    if (takeUp) return newest.id;
    // A new test: within the start rate and with room among the unfinished (start-limits.ts).
    await countStart(trx, learnerId, now, input.startsPerHour);
    await capUnfinishedTests(trx, learnerId, now);
    let stored = extras;
    let ids: number[];
    if (mode === 'exam') ids = await drawByBlueprint(trx, qual.id, qual.exam_questions, random);
    else if (mode === 'smart') {
      // Drawn from the learner's memory as it is now (never taken up unbegun: memory moves); the test
      // keeps why it holds these questions, for its start card.
      const smart = await drawSmart(trx, learnerId, qual.id, input.extras.count, now, random);
      ids = smart.ids;
      stored = JSON.stringify({ ...JSON.parse(extras), smart: smart.reason });
    } else ids = await drawTraining(trx, learnerId, qual.id, mode as TrainingMode, input.extras, random);
    if (!ids.length) throw new DomainError('invalid', 'errors.noQuestions');
    // The exam keeps its qualification's rules whatever the extras say; a training is timed only when asked.
    const timeLimit = mode === 'exam' ? qual.exam_minutes * 60 : input.extras.time ? input.extras.time * 60 : null;
    const id = await insertExamination(
      trx,
      {
        learner_id: learnerId,
        qualification_id: qual.id,
        mode,
        prepare: input.prepare,
        language: input.language,
        time_limit: timeLimit,
        allowed_mistakes: mode === 'exam' ? qual.allowed_mistakes : (input.allowedMistakes ?? null),
        extras: stored,
        access_until: accessUntil,
        protocol,
      },
      ids,
    );
    await input.claim?.(trx, id, true);
    // The tests ended unbegun before this start go once the new one exists: removed before it, the
    // newest of them would free its id for the new test (SQLite reuses the highest rowid), and a tab
    // still showing it would open this one.
    await removeTests(trx, leftovers);
    return id;
  });
}

/** The learner's own examination (another learner's is 404), expired on the way when it is late. */
export async function ownExamination(
  db: Kysely<Database>,
  learnerId: number,
  id: number,
  now: Date,
): Promise<ExamRecord> {
  const exam = await findExamination(db, id, { learnerId });
  if (!exam) throw new DomainError('notFound', 'errors.examNotFound');
  if (await expireIfLate(db, exam, now)) return (await findExamination(db, id))!;
  return exam;
}

/**
 * Begin (the start card's button): the test's clock starts now. Needs the access the test was
 * started under to be running still; an exam begun shuts training (runningExam). Beginning a test
 * that has begun or ended changes nothing.
 */
export async function beginExamination(db: Kysely<Database>, learnerId: number, id: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const exam = await findExamination(trx, id, { learnerId, lock: true });
    if (!exam) throw new DomainError('notFound', 'errors.examNotFound');
    if (exam.status !== 'process' || exam.started_at !== null) return;
    await checkAccess(trx, learnerId, exam, now, true);
    // A training cannot begin while an exam is under way (its answers would show the exam's).
    if (exam.prepare) {
      const running = await runningExam(trx, learnerId, now);
      if (running) await endUnbegunExam(trx, running, now);
    }
    await beginTest(trx, exam, now);
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
    const exam = await findExamination(trx, id, { learnerId, lock: true });
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
      status = endingStatus(exam, verdictAtFinish(exam, exam, mistakesAllowed(exam, qual)));
    }
    await endTest(trx, id, status, now.toISOString());
  });
}
