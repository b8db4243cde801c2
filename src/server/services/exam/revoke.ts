// Revoking an access ends the tests running under it (issue 24, "Revoke"). A test keeps running when
// its access simply runs out (checkAccess: a begun timed test runs on to its deadline), but a revoke
// is the operator taking the access back: every test under it ends at once, an untimed training and
// an exam in progress too. They end 'cancelled' with ended_by 'operator': no verdict is given (the
// learner did not finish), their answers and counts are kept, and the view and history say who ended
// them. Their next answer is refused (409, errors.examEndedByOperator).
import { COURSE_TEST_MODES } from '../../../shared/exam';
import type { AccessType } from '../../../shared/api/accesses';
import type { Db } from '../../repositories/examinations';
import { cancelTests } from './ending';
import { activeAccess } from '../accesses';
import { accessEnd } from './access';

/**
 * Ends the learner's running tests that the revoked access covered and no other active access still
 * covers: for a test access, the tests of its qualification and its sub-categories (not the course's
 * tests); for a course access, that course's tests. Returns how many it ended.
 */
export async function endTestsOfRevokedAccess(
  db: Db,
  access: { learner_id: number; type: AccessType; target_id: number },
  now: Date,
): Promise<number> {
  let ids: number[] = [];
  if (access.type === 'test') {
    const open = await db
      .selectFrom('examinations as e')
      .innerJoin('qualifications as q', 'q.id', 'e.qualification_id')
      .select(['e.id', 'e.qualification_id'])
      .where('e.learner_id', '=', access.learner_id)
      .where('e.status', '=', 'process')
      .where('e.mode', 'not in', [...COURSE_TEST_MODES] as ('lesson' | 'module' | 'final')[])
      .where((eb) => eb.or([eb('q.id', '=', access.target_id), eb('q.parent_id', '=', access.target_id)]))
      .execute();
    const stillCovered = new Map<number, boolean>();
    for (const e of open) {
      if (!stillCovered.has(e.qualification_id))
        stillCovered.set(
          e.qualification_id,
          (await accessEnd(db, access.learner_id, e.qualification_id, now)) !== null,
        );
      if (!stillCovered.get(e.qualification_id)) ids.push(e.id);
    }
  } else if (access.type === 'education') {
    const other = await db
      .selectFrom('accesses')
      .select('id')
      .where('learner_id', '=', access.learner_id)
      .where('type', '=', 'education')
      .where('target_id', '=', access.target_id)
      .where(activeAccess(now))
      .executeTakeFirst();
    if (!other)
      ids = (
        await db
          .selectFrom('course_tests as t')
          .innerJoin('examinations as e', 'e.id', 't.examination_id')
          .select('e.id')
          .where('t.learner_id', '=', access.learner_id)
          .where('t.course_id', '=', access.target_id)
          .where('e.status', '=', 'process')
          .execute()
      ).map((e) => e.id);
  }
  if (!ids.length) return 0;
  return cancelTests(db, ids, now, 'operator');
}
