// Access (DESIGN §6, §5): may this learner start, begin or answer a test. A test needs an active
// test access to its qualification (or its parent's) and is taken under the access it was started
// with; while an exam runs, nothing else may show an answer to its questions.
import { runningExamQuestions, type Db } from '../../repositories/examinations';
import { cancelTests } from './ending';
import { activeAccess, isActive } from '../accesses';
import { DomainError } from '../domain-error';

/** A running exam refuses other tests once begun; one never begun is ended to make way (nothing of it was used). */
export async function endUnbegunExam(
  db: Db,
  running: { id: number; started_at: string | null },
  now: Date,
): Promise<void> {
  if (running.started_at !== null) throw new DomainError('conflict', 'errors.examRunning');
  await cancelTests(db, [running.id], now);
}

/** Question ids of the learner's running exams other than `exceptId`: their answers stay sealed elsewhere. */
export async function sealedQuestions(db: Db, learnerId: number, now: Date, exceptId: number): Promise<Set<number>> {
  return runningExamQuestions(db, learnerId, now, exceptId);
}

/** The learner's test accesses that serve a qualification: to it or to its parent (BE is tested under a B access). */
function testAccesses(db: Db, learnerId: number, qualificationId: number) {
  return db
    .selectFrom('accesses as a')
    .innerJoin('qualifications as t', 't.id', 'a.target_id')
    .where('a.learner_id', '=', learnerId)
    .where('a.type', '=', 'test')
    .where('t.retired_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('t.id', '=', qualificationId),
        eb('t.id', '=', eb.selectFrom('qualifications as q').select('q.parent_id').where('q.id', '=', qualificationId)),
      ]),
    );
}

/**
 * Until when the learner may test in a qualification: the latest end among their active test
 * accesses to it or to its parent (BE is tested under a B access); null without one.
 */
export async function accessEnd(db: Db, learnerId: number, qualificationId: number, now: Date): Promise<string | null> {
  const row = await testAccesses(db, learnerId, qualificationId)
    .select((eb) => eb.fn.max('a.end_at').as('until'))
    .where(activeAccess(now, 'a'))
    .executeTakeFirst();
  return row?.until ?? null;
}

/**
 * The same accesses as periods, for judging many moments at once (answers given offline, each at its
 * own time): `accessEndAt` of them is what accessEnd would have said at that moment.
 */
export async function accessPeriods(db: Db, learnerId: number, qualificationId: number): Promise<AccessPeriod[]> {
  return testAccesses(db, learnerId, qualificationId).select(['a.start_at', 'a.end_at', 'a.revoked_at']).execute();
}
export type AccessPeriod = { start_at: string; end_at: string; revoked_at: string | null };

/** The latest end among the periods active at `at` (isActive, the one rule); null when none was. */
export function accessEndAt(periods: readonly AccessPeriod[], at: Date): string | null {
  let until: string | null = null;
  for (const p of periods) if (isActive(p, at) && (until === null || p.end_at > until)) until = p.end_at;
  return until;
}

/**
 * The access rule (§5): a test is taken under the access it was started with. While that access
 * runs, it may be begun and answered; once it has ended, a test begun before that stays answerable
 * until its own deadline (expiry ends it then), and nothing else — not an untimed training, not a
 * test never begun. Tests from before the access was kept (access_until null) are judged by the
 * access as it is now.
 */
export async function checkAccess(
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
