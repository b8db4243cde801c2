// What a signed-in page needs about its learner, in one answer (GET /rest/v1/core/user/page/{page}):
// the profile, the menu, the accesses (ended ones too), the qualifications with the selected one's
// themes, the statistics, the favourite ids and, on the tests page, the unfinished tests. One call per
// page load instead of seven to nine. Built from the same services and queries as the single calls.
import type { Kysely } from 'kysely';
import { navigation, type NavLink } from '../../config/navigation';
import type { Locale } from '../../i18n/locales';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { accessFlags, listAccesses, testableQualificationIds, type AccessView } from './accesses';
import { expireLateTests, ownExamination } from './exam';
import { examinationView } from './exam-view';
import { statisticsList, type QualificationStatistics } from './statistics';

export const PAGE_KINDS = ['home', 'tests', 'test', 'other'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

export interface PageProfile {
  id: number;
  fullname: string;
  notifications: number;
  accesses: { test: boolean; autodrome: boolean; education: boolean };
}
export interface PageSubQualification {
  id: number; name: string; picture: string | null; date_end: string | null;
  exam: { questions: number; minutes: number; allowed_mistakes: number };
}
/** A qualification the learner may test in, with its sub-qualifications (as GET …/access/qualifications). */
export interface PageQualification extends PageSubQualification { children: PageSubQualification[] }
export interface PageTheme { id: number; code: string; name: string; exam_questions: number }
export interface PageExamItem {
  id: number; qualification: { id: number; name: string }; mode: string; prepare: boolean; status: string;
  started_at: string | null; finished_at: string | null; correct: number; mistakes: number; question_count: number;
}
export interface PageData {
  page: PageKind;
  profile: PageProfile;
  menu: readonly NavLink[];
  accesses: AccessView[];
  qualifications: PageQualification[];
  /** The qualification the page shows: the one asked for while the learner may test in it, else the first test access's. */
  selected: number | null;
  /** The selected qualification's themes (null without one). */
  themes: PageTheme[] | null;
  statistics: QualificationStatistics[];
  favorites: number[];
  /** The tests page: the selected qualification's unfinished tests, newest first (null elsewhere). */
  unfinished: PageExamItem[] | null;
  /** The runner (`test`): the learner's test as GET …/examinations/{id} answers it; null when it is not theirs or not there (the runner then asks itself and shows why). */
  examination: Awaited<ReturnType<typeof examinationView>> | null;
}

type Db = Kysely<Database>;
interface PageLearner { id: number; fullname: string }

async function unreadNotifications(db: Db, learnerId: number): Promise<number> {
  const row = await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('learner_id', '=', learnerId).where('read_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function qualificationsOf(db: Db, allowed: Set<number>, accesses: AccessView[], locale: Locale): Promise<PageQualification[]> {
  if (!allowed.size) return [];
  const rows = await db.selectFrom('qualifications')
    .select(['id', 'parent_id', `name_${locale} as name` as 'name_ru as name', 'picture', 'exam_questions', 'exam_minutes', 'allowed_mistakes'])
    .where('id', 'in', [...allowed]).where('retired_at', 'is', null).orderBy('sort').execute();
  // Several accesses to one target: the latest end counts.
  const ends = new Map<number, string>();
  for (const a of accesses) if (a.type === 'test' && a.can && (ends.get(a.target.id) ?? '') < a.date_end) ends.set(a.target.id, a.date_end);
  const view = (r: (typeof rows)[number]): PageSubQualification => ({
    id: r.id, name: r.name, picture: r.picture, date_end: ends.get(r.id) ?? ends.get(r.parent_id ?? -1) ?? null,
    exam: { questions: r.exam_questions, minutes: r.exam_minutes, allowed_mistakes: r.allowed_mistakes },
  });
  const top = rows.filter((r) => r.parent_id === null || !allowed.has(r.parent_id));
  return top.map((r) => ({ ...view(r), children: rows.filter((ch) => ch.parent_id === r.id).map(view) }));
}

async function themesOf(db: Db, qualification: number, locale: Locale): Promise<PageTheme[]> {
  const rows = await db.selectFrom('qualification_themes as qt').innerJoin('themes as t', 't.id', 'qt.theme_id')
    .select(['t.id', `t.name_${locale} as name` as 't.name_ru as name', 't.code', 'qt.exam_questions'])
    .where('qt.qualification_id', '=', qualification).where('t.retired_at', 'is', null).orderBy('qt.sort').execute();
  return rows.map((t) => ({ id: t.id, code: t.code, name: t.name, exam_questions: t.exam_questions }));
}

async function favoritesOf(db: Db, learnerId: number): Promise<number[]> {
  const rows = await db.selectFrom('favorite_questions').select('question_id').where('learner_id', '=', learnerId).orderBy('created_at').execute();
  return rows.map((r) => r.question_id);
}

async function unfinishedOf(db: Db, learnerId: number, qualification: number, locale: Locale, now: Date): Promise<PageExamItem[]> {
  // Tests left past their deadline are ended first, so the page never offers them as unfinished.
  await expireLateTests(db, learnerId, now);
  const rows = await db.selectFrom('examinations as e').innerJoin('qualifications as q', 'q.id', 'e.qualification_id')
    .select(['e.id', 'e.mode', 'e.prepare', 'e.status', 'e.started_at', 'e.finished_at', 'e.correct', 'e.mistakes', 'e.question_count', 'q.id as qid', `q.name_${locale} as qname` as 'q.name_ru as qname'])
    .where('e.learner_id', '=', learnerId).where('e.qualification_id', '=', qualification).where('e.status', '=', 'process')
    .orderBy('e.id', 'desc').limit(20).execute();
  return rows.map((r) => ({
    id: r.id, qualification: { id: r.qid, name: r.qname }, mode: r.mode, prepare: r.prepare === 1, status: r.status,
    started_at: r.started_at, finished_at: r.finished_at, correct: r.correct, mistakes: r.mistakes, question_count: r.question_count,
  }));
}

async function examinationOf(db: Db, learnerId: number, id: number, now: Date): Promise<PageData['examination']> {
  try {
    return await examinationView(db, await ownExamination(db, learnerId, id, now), learnerId, now);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  }
}

export async function pageData(db: Db, learner: PageLearner, locale: Locale, now: Date, opts: { page: PageKind; qualification?: number | undefined; examination?: number | undefined }): Promise<PageData> {
  const [notifications, flags, accesses, allowed, statistics, favorites] = await Promise.all([
    unreadNotifications(db, learner.id), accessFlags(db, learner.id, now), listAccesses(db, learner.id, locale, {}, now),
    testableQualificationIds(db, learner.id, now), statisticsList(db, learner.id, locale, now), favoritesOf(db, learner.id),
  ]);
  const qualifications = await qualificationsOf(db, allowed, accesses, locale);
  const firstTest = accesses.find((a) => a.type === 'test' && a.can && allowed.has(a.target.id))?.target.id ?? null;
  const selected = opts.qualification !== undefined && allowed.has(opts.qualification) ? opts.qualification : firstTest;
  const [themes, unfinished, examination] = await Promise.all([
    selected === null ? null : themesOf(db, selected, locale),
    opts.page === 'tests' && selected !== null ? unfinishedOf(db, learner.id, selected, locale, now) : null,
    opts.page === 'test' && opts.examination !== undefined ? examinationOf(db, learner.id, opts.examination, now) : null,
  ]);
  return {
    page: opts.page,
    profile: { id: learner.id, fullname: learner.fullname, notifications, accesses: flags },
    menu: navigation, accesses, qualifications, selected, themes, statistics, favorites, unfinished, examination,
  };
}
