// What a signed-in page needs about its learner, in one answer (GET /rest/v1/core/user/page/{page}):
// the profile, the menu, the accesses (ended ones too), the qualifications with the selected one's
// themes, the statistics, the favourite ids and, on the tests page, the unfinished tests. One call per
// page load instead of seven to nine. Built from the same services and queries as the single calls.
import type { Kysely } from 'kysely';
import { navigation } from '../../config/navigation';
import type { Locale } from '../../i18n/locales';
import type { Database } from '../db/schema';
import { DomainError } from './domain-error';
import { listAccesses, testableQualificationIds } from './accesses';
import type { PageData, PageKind } from '../../shared/api/page';
import { listExaminations } from './exam/history';
import { examinationOf } from './exam/read';
import { favoriteIds } from './favorites';
import { learnerQualifications } from './learner-qualifications';
import { learnerProfile } from './profile';
import { trainingThemes } from './questions/themes';
import { statisticsWithPlans } from './statistics';

type Db = Kysely<Database>;
interface PageLearner {
  id: number;
  fullname: string;
}

/** The runner's test, or null when it is not the learner's or not there (the runner then asks itself and shows why). */
async function ownTestOrNull(db: Db, learnerId: number, id: number, now: Date): Promise<PageData['examination']> {
  try {
    return await examinationOf(db, learnerId, id, now);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

export async function pageData(
  db: Db,
  learner: PageLearner,
  locale: Locale,
  now: Date,
  opts: { page: PageKind; qualification?: number | undefined; examination?: number | undefined },
): Promise<PageData> {
  const [profile, accesses, allowed, readiness, favorites] = await Promise.all([
    learnerProfile(db, learner, now),
    listAccesses(db, learner.id, locale, {}, now),
    testableQualificationIds(db, learner.id, now),
    statisticsWithPlans(db, learner.id, locale, now),
    favoriteIds(db, learner.id),
  ]);
  const qualifications = await learnerQualifications(db, learner.id, locale, now);
  const firstTest = accesses.find((a) => a.type === 'test' && a.can && allowed.has(a.target.id))?.target.id ?? null;
  const selected = opts.qualification !== undefined && allowed.has(opts.qualification) ? opts.qualification : firstTest;
  const [themes, unfinished, examination] = await Promise.all([
    selected === null ? null : trainingThemes(db, selected, locale),
    opts.page === 'tests' && selected !== null
      ? listExaminations(
          db,
          learner.id,
          { qualification: selected, status: 'process', page: 1, limit: 20 },
          locale,
          now,
        ).then((list) => list.data)
      : null,
    opts.page === 'test' && opts.examination !== undefined
      ? ownTestOrNull(db, learner.id, opts.examination, now)
      : null,
  ]);
  return {
    page: opts.page,
    profile,
    menu: navigation,
    accesses,
    qualifications,
    selected,
    themes,
    statistics: readiness.list,
    favorites,
    unfinished,
    examination,
    goal: readiness.goal,
    plan: (opts.page === 'home' || opts.page === 'tests') && selected !== null ? readiness.planOf(selected) : null,
  };
}
