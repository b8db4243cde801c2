// The video course (issue 11; spec "Video course"): a learner's modules and lessons with what they
// have watched and passed, the progress block, marking a lesson viewed, and starting its tests.
//
// Rules the server enforces (not only the page):
// - everything needs an active education access (403 without one; 403 "ended" once it has ended);
// - module 1 is open; module n opens when module n-1's module test is passed. A lesson of a locked
//   module can't be marked viewed nor tested (403);
// - a module's test opens when all of its lessons' credit tests are passed; the final test when all
//   module tests are;
// - a test is an examination of the exam engine (mode lesson, module or final) over the course's
//   qualification's questions; course_tests links it to its lesson or module, and "passed" is the
//   examination's own status, so a result has one truth. A learner only ever reads their own rows.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Locale } from '../../i18n/locales';
import type { Random } from '../../shared/exam';
import type { CourseInfo, LessonVideo, ModuleView } from '../../shared/api/course';
import { localized, localizedOf } from '../db/localized';
import type { CourseTestKind, Database, LessonsTable } from '../db/schema';
import { isActive } from './accesses';
import { DomainError } from './domain-error';
import { ownExamination, startExamination } from './exam/lifecycle';

interface Progress {
  access: { end_at: string };
  course: {
    id: number;
    name: string;
    picture: string | null;
    qualification_id: number | null;
    final_questions: number;
    final_allowed_mistakes: number | null;
  };
  modules: (ModuleView & { test_size: number; lessonRows: { id: number; themes: string[]; questions: string[] }[] })[];
  finalPassedAt: string | null;
}

/**
 * The learner's active education access and its course; 403 without one, with a message saying it
 * has ended when the learner had one. The latest-ending active access wins when there are several.
 */
async function courseAccess(db: Kysely<Database>, learnerId: number, locale: Locale, now: Date) {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('accesses as a')
    .innerJoin('courses as c', 'c.id', 'a.target_id')
    .select([
      'a.start_at',
      'a.end_at',
      'a.revoked_at',
      'c.id',
      localizedOf('c', locale, 'name'),
      'c.picture',
      'c.qualification_id',
      'c.final_questions',
      'c.final_allowed_mistakes',
      'c.retired_at',
    ])
    .where('a.learner_id', '=', learnerId)
    .where('a.type', '=', 'education')
    .orderBy('a.end_at', 'desc')
    .execute();
  const active = rows.find((r) => isActive(r, now) && r.retired_at === null);
  if (!active) {
    if (rows.some((r) => r.start_at <= at)) throw new DomainError('forbidden', 'lessons.errors.accessEnded');
    throw new DomainError('forbidden', 'errors.noAccess');
  }
  return {
    access: { end_at: active.end_at },
    course: {
      id: active.id,
      name: active.name,
      picture: active.picture,
      qualification_id: active.qualification_id,
      final_questions: active.final_questions,
      final_allowed_mistakes: active.final_allowed_mistakes,
    },
  };
}

const codes = (s: string) => (s ? s.split(',') : []);

type VideoRow = Pick<
  Selectable<LessonsTable>,
  | 'video_mp4'
  | 'video_embed'
  | 'poster'
  | 'captions_ru'
  | 'captions_kz'
  | 'captions_en'
  | 'chapters_ru'
  | 'chapters_kz'
  | 'chapters_en'
>;

/** The lesson row's video as the wire shape: the three languages' files together, or none (an embed). */
export function lessonVideo(l: VideoRow): LessonVideo {
  const three = (ru: string | null, kz: string | null, en: string | null) => (ru && kz && en ? { ru, kz, en } : null);
  return {
    mp4: l.video_mp4,
    poster: l.poster,
    embed: l.video_embed,
    captions: three(l.captions_ru, l.captions_kz, l.captions_en),
    chapters: three(l.chapters_ru, l.chapters_kz, l.chapters_en),
  };
}

/** Everything the course's calls answer from, in five queries, for this learner only. */
async function progress(db: Kysely<Database>, learnerId: number, locale: Locale, now: Date): Promise<Progress> {
  const { access, course } = await courseAccess(db, learnerId, locale, now);
  const modules = await db
    .selectFrom('course_modules')
    .select(['id', localized(locale, 'name'), 'test_questions'])
    .where('course_id', '=', course.id)
    .where('retired_at', 'is', null)
    .orderBy('sort')
    .execute();
  const lessons = modules.length
    ? await db
        .selectFrom('lessons')
        .select([
          'id',
          'module_id',
          localized(locale, 'name'),
          localized(locale, 'description'),
          'code',
          'video_mp4',
          'video_embed',
          'poster',
          'duration',
          'captions_ru',
          'captions_kz',
          'captions_en',
          'chapters_ru',
          'chapters_kz',
          'chapters_en',
          'test_themes',
          'test_questions',
        ])
        .where(
          'module_id',
          'in',
          modules.map((m) => m.id),
        )
        .where('retired_at', 'is', null)
        .orderBy('sort')
        .execute()
    : [];
  const viewed = new Set(
    (await db.selectFrom('lesson_views').select('lesson_id').where('learner_id', '=', learnerId).execute()).map(
      (r) => r.lesson_id,
    ),
  );
  const passed = await db
    .selectFrom('course_tests as t')
    .innerJoin('examinations as e', 'e.id', 't.examination_id')
    .select(['t.kind', 't.lesson_id', 't.module_id', 'e.finished_at'])
    .where('t.learner_id', '=', learnerId)
    .where('e.learner_id', '=', learnerId)
    .where('t.course_id', '=', course.id)
    .where('e.status', '=', 'passed')
    .execute();
  const passedLessons = new Set(passed.filter((p) => p.kind === 'lesson').map((p) => p.lesson_id));
  const passedModules = new Set(passed.filter((p) => p.kind === 'module').map((p) => p.module_id));
  const finals = passed
    .filter((p) => p.kind === 'final')
    .map((p) => p.finished_at ?? '')
    .sort();

  let number = 0;
  let previousPassed = true;
  const views = modules.map((m, i) => {
    const own = lessons.filter((l) => l.module_id === m.id);
    const opened = previousPassed;
    const isPassed = passedModules.has(m.id);
    previousPassed = isPassed;
    const lessonViews = own.map((l) => ({
      id: l.id,
      code: l.code,
      number: ++number,
      name: l.name,
      description: l.description,
      video: lessonVideo(l),
      duration: l.duration,
      viewed: viewed.has(l.id),
      passed: passedLessons.has(l.id),
      test_questions: codes(l.test_questions).length || 10,
    }));
    return {
      id: m.id,
      number: i + 1,
      name: m.name,
      opened,
      passed: isPassed,
      test_opened: opened && lessonViews.every((l) => l.passed),
      lessons: lessonViews,
      test_size: m.test_questions,
      lessonRows: own.map((l) => ({ id: l.id, themes: codes(l.test_themes), questions: codes(l.test_questions) })),
    };
  });
  return { access, course, modules: views, finalPassedAt: finals[0] ?? null };
}

/** GET …/access/education/modules/: the modules with their lessons and the learner's flags. */
export async function courseModules(
  db: Kysely<Database>,
  learnerId: number,
  locale: Locale,
  now: Date,
): Promise<ModuleView[]> {
  const { modules } = await progress(db, learnerId, locale, now);
  return modules.map(({ test_size: _size, lessonRows: _rows, ...m }) => m);
}

/** The step the next-step button leads to: the first lesson not passed (its video, or its test once watched), then the module's test, then the final. */
function nextStep(p: Progress): CourseInfo['next'] {
  for (const m of p.modules) {
    if (m.passed) continue;
    // A lesson whose credit test is passed is done, watched or not.
    for (const l of m.lessons) {
      if (l.passed) continue;
      return { step: l.viewed ? 'lesson_test' : 'video', module: m.id, lesson: l.id };
    }
    return { step: 'module_test', module: m.id, lesson: null };
  }
  return p.finalPassedAt
    ? { step: 'finished', module: null, lesson: null }
    : { step: 'final_test', module: null, lesson: null };
}

/** GET …/access/education/info/: the progress block. */
export async function courseInfo(
  db: Kysely<Database>,
  learnerId: number,
  locale: Locale,
  now: Date,
): Promise<CourseInfo> {
  const p = await progress(db, learnerId, locale, now);
  const lessons = p.modules.flatMap((m) => m.lessons);
  const lessonsPassed = lessons.filter((l) => l.passed).length;
  const modulesPassed = p.modules.filter((m) => m.passed).length;
  return {
    course: { id: p.course.id, name: p.course.name, picture: p.course.picture },
    date_end: p.access.end_at,
    theory_percent: lessons.length ? Math.floor((100 * lessonsPassed) / lessons.length) : 0,
    lessons_total: lessons.length,
    lessons_viewed: lessons.filter((l) => l.viewed).length,
    lessons_passed: lessonsPassed,
    lessons_left: lessons.length - lessonsPassed,
    modules_total: p.modules.length,
    modules_passed: modulesPassed,
    final: {
      opened: modulesPassed === p.modules.length,
      passed: p.finalPassedAt !== null,
      date_passed: p.finalPassedAt,
      questions: p.course.final_questions,
      allowed_mistakes: p.course.final_allowed_mistakes,
    },
    passed: p.finalPassedAt !== null,
    next: nextStep(p),
  };
}

/** A lesson of the learner's course: 404 when there is none, 403 when its module is locked. */
function findLesson(p: Progress, lessonId: number) {
  for (const m of p.modules) {
    const index = m.lessons.findIndex((l) => l.id === lessonId);
    if (index < 0) continue;
    if (!m.opened) throw new DomainError('forbidden', 'lessons.errors.moduleLocked');
    return { module: m, lesson: m.lessons[index]!, row: m.lessonRows[index]! };
  }
  throw new DomainError('notFound', 'lessons.errors.lessonNotFound');
}

/** PUT …/access/education/lessons/{id}/view/: the lesson is viewed once this succeeds (again: no change). */
export async function viewLesson(
  db: Kysely<Database>,
  learnerId: number,
  lessonId: number,
  locale: Locale,
  now: Date,
): Promise<{ id: number; viewed: true }> {
  const p = await progress(db, learnerId, locale, now);
  findLesson(p, lessonId);
  await db
    .insertInto('lesson_views')
    .values({ learner_id: learnerId, lesson_id: lessonId, viewed_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['learner_id', 'lesson_id']).doNothing())
    .execute();
  return { id: lessonId, viewed: true };
}

export type CourseTestTarget = { kind: 'lesson'; id: number } | { kind: 'module'; id: number } | { kind: 'final' };

/**
 * Starts (or resumes, with `continue`) a course test through the exam engine, after the course's
 * own checks: access, the module open, the module's lessons passed for its test, all modules passed
 * for the final. Returns the examination's id; the exam calls (process, answer, finish) take it on.
 */
export async function startCourseTest(
  db: Kysely<Database>,
  learnerId: number,
  target: CourseTestTarget,
  options: { continue: boolean; language: Locale; startsPerHour?: number },
  now: Date,
  random?: Random,
): Promise<number> {
  const p = await progress(db, learnerId, options.language, now);
  const qualification = p.course.qualification_id;
  if (qualification === null) throw new DomainError('invalid', 'errors.noQuestions');
  const byCode = async <T extends 'themes' | 'questions'>(table: T, list: string[]) =>
    list.length
      ? (
          await db
            .selectFrom(table as 'themes')
            .select('id')
            .where('code', 'in', list)
            .where('retired_at', 'is', null)
            .execute()
        ).map((r) => r.id)
      : [];

  let link: { kind: CourseTestKind; module_id: number | null; lesson_id: number | null };
  // The final is graded as the course says (course.yaml's final.allowed_mistakes), stored on its examination.
  let allowedMistakes: number | undefined;
  let extras: Parameters<typeof startExamination>[2]['extras'];
  if (target.kind === 'lesson') {
    const { module, lesson, row } = findLesson(p, target.id);
    // The spec's order: the lesson first (watched to 90 % or its text marked read), then its test.
    // A lesson passed before this rule existed stays open for a retake.
    if (!lesson.viewed && !lesson.passed) throw new DomainError('conflict', 'lessons.errors.watchFirst');
    const questions = await byCode('questions', row.questions);
    extras = questions.length
      ? { mode: 'lesson', questions: questions.sort((a, b) => a - b) }
      : { mode: 'lesson', themes: await byCode('themes', row.themes) };
    link = { kind: 'lesson', module_id: module.id, lesson_id: row.id };
  } else if (target.kind === 'module') {
    const module = p.modules.find((m) => m.id === target.id);
    if (!module) throw new DomainError('notFound', 'lessons.errors.moduleNotFound');
    if (!module.opened) throw new DomainError('forbidden', 'lessons.errors.moduleLocked');
    if (!module.test_opened) throw new DomainError('forbidden', 'lessons.errors.lessonsFirst');
    const themes = [...new Set(module.lessonRows.flatMap((l) => l.themes))];
    extras = { mode: 'module', themes: await byCode('themes', themes), count: module.test_size };
    link = { kind: 'module', module_id: module.id, lesson_id: null };
  } else {
    if (!p.modules.every((m) => m.passed)) throw new DomainError('forbidden', 'lessons.errors.finalLocked');
    extras = { mode: 'final', count: p.course.final_questions };
    allowedMistakes = p.course.final_allowed_mistakes ?? undefined;
    link = { kind: 'final', module_id: null, lesson_id: null };
  }
  // Resuming is decided here, per lesson or module: the engine's own `continue` resumes the newest
  // open test of the mode, which may be another lesson's.
  if (options.continue) {
    let open = db
      .selectFrom('course_tests as t')
      .innerJoin('examinations as e', 'e.id', 't.examination_id')
      .select('e.id')
      .where('t.learner_id', '=', learnerId)
      .where('t.course_id', '=', p.course.id)
      .where('t.kind', '=', link.kind)
      .where('e.status', '=', 'process');
    if (link.lesson_id !== null) open = open.where('t.lesson_id', '=', link.lesson_id);
    if (link.module_id !== null) open = open.where('t.module_id', '=', link.module_id);
    const found = await open.orderBy('e.id', 'desc').executeTakeFirst();
    if (found && (await ownOpenTest(db, learnerId, found.id, now))) return found.id;
  }
  // The link is made inside the engine's transaction, under the learner's lock: two lessons (or
  // modules) may draw alike, and the engine takes up an unbegun open test drawn the same way, so a test
  // linked to another lesson or module is refused there (cancelled, a new one drawn). Done afterwards,
  // two simultaneous starts could both take up one test and its pass count for one lesson only.
  const claim = async (trx: Transaction<Database>, examinationId: number, created: boolean) => {
    if (!created) {
      const linked = await trx
        .selectFrom('course_tests')
        .select(['lesson_id', 'module_id'])
        .where('examination_id', '=', examinationId)
        .executeTakeFirst();
      if (linked) return linked.lesson_id === link.lesson_id && linked.module_id === link.module_id;
    }
    await trx
      .insertInto('course_tests')
      .values({ examination_id: examinationId, learner_id: learnerId, course_id: p.course.id, ...link })
      .onConflict((oc) => oc.column('examination_id').doNothing())
      .execute();
    return true;
  };
  const examinationId = await startExamination(
    db,
    learnerId,
    {
      qualification,
      prepare: true,
      continue: false,
      language: options.language,
      extras,
      courseAccessUntil: p.access.end_at,
      allowedMistakes,
      claim,
      startsPerHour: options.startsPerHour,
    },
    now,
    random,
  );
  return examinationId;
}

/** The test is still open (ownExamination ends it first when its deadline has passed). */
async function ownOpenTest(db: Kysely<Database>, learnerId: number, id: number, now: Date): Promise<boolean> {
  return (await ownExamination(db, learnerId, id, now)).status === 'process';
}
