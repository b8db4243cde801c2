// The learner's autodromes (GET …/access/autodromes/ and …/autodromes/{id}): the ones bought and
// active now, and one with its track sections, lessons, exercises and the learner's own progress.
// A lesson counts as viewed once the learner has watched it to the end (PUT …/lessons/{id}/view/).
import type { Kysely } from 'kysely';
import type { Locale } from '../../i18n/locales';
import { autodromClip, type ClipTracks } from '../../shared/autodrom-clips';
import type { AutodromeAccessView, AutodromeDetail, LessonView, Progress } from '../../shared/api/autodromes';
import { localized, localizedOf } from '../db/localized';
import type { Database } from '../db/schema';
import { DomainError } from './domain-error';
import { isActive } from './accesses';

type Penalties = { fault: Record<Locale, string>; points: number; gross?: boolean }[];

/** The learner's active autodrome accesses, one per autodrome (the latest end when bought twice). */
export async function listLearnerAutodromes(
  db: Kysely<Database>,
  learnerId: number,
  locale: Locale,
  now = new Date(),
): Promise<AutodromeAccessView[]> {
  const rows = await db
    .selectFrom('accesses')
    .innerJoin('autodromes', 'autodromes.id', 'accesses.target_id')
    .select([
      'accesses.id as access_id',
      'accesses.start_at',
      'accesses.end_at',
      'accesses.revoked_at',
      'autodromes.id',
      localizedOf('autodromes', locale, 'name'),
      localizedOf('autodromes', locale, 'city'),
      'autodromes.categories',
      'autodromes.picture',
      'autodromes.sort',
    ])
    .where('accesses.learner_id', '=', learnerId)
    .where('accesses.type', '=', 'autodrome')
    .where('autodromes.retired_at', 'is', null)
    .orderBy('autodromes.sort')
    .orderBy('accesses.end_at', 'desc')
    .execute();
  const seen = new Set<number>();
  const views: AutodromeAccessView[] = [];
  for (const r of rows) {
    if (!isActive(r, now) || seen.has(r.id)) continue;
    seen.add(r.id);
    views.push({
      id: r.access_id,
      can: true,
      date_end: r.end_at,
      target: {
        id: r.id,
        name: r.name,
        city: r.city,
        categories: r.categories ? r.categories.split(',') : null,
        picture: r.picture,
      },
    });
  }
  return views;
}

/** The autodrome and the learner's active access to it: 404 for an unknown or retired one, 403 without the access. */
async function autodromeWithAccess(
  db: Kysely<Database>,
  learnerId: number,
  autodromeId: number,
  locale: Locale,
  now: Date,
): Promise<AutodromeAccessView> {
  const exists = await db
    .selectFrom('autodromes')
    .select('id')
    .where('id', '=', autodromeId)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  if (!exists) throw new DomainError('notFound', 'autodrom.error.notFound');
  const access = (await listLearnerAutodromes(db, learnerId, locale, now)).find((a) => a.target.id === autodromeId);
  if (!access) throw new DomainError('forbidden', 'autodrom.error.noAccess');
  return access;
}

export async function autodromeDetail(
  db: Kysely<Database>,
  learnerId: number,
  autodromeId: number,
  locale: Locale,
  now = new Date(),
): Promise<AutodromeDetail> {
  const access = await autodromeWithAccess(db, learnerId, autodromeId, locale, now);
  const [sections, lessons, exercises, views] = await Promise.all([
    db
      .selectFrom('autodrome_sections')
      .select(['id', localized(locale, 'name')])
      .where('retired_at', 'is', null)
      .orderBy('sort')
      .execute(),
    db
      .selectFrom('autodrome_lessons')
      .select([
        'id',
        'section_id',
        'exercise_id',
        localized(locale, 'name'),
        localized(locale, 'description'),
        'poster',
        'video_src',
        'video_type',
        'embed_url',
        'duration',
      ])
      .where('retired_at', 'is', null)
      .orderBy('sort')
      .execute(),
    db
      .selectFrom('autodrome_exercises')
      .select(['id', 'code', localized(locale, 'name'), localized(locale, 'description'), 'poster', 'penalties'])
      .where('retired_at', 'is', null)
      .orderBy('sort')
      .execute(),
    // Only this learner's rows, for this autodrome: another learner's progress never reaches the answer.
    db
      .selectFrom('autodrome_lesson_views')
      .select('lesson_id')
      .where('learner_id', '=', learnerId)
      .where('autodrome_id', '=', autodromeId)
      .execute(),
  ]);
  const viewed = new Set(views.map((v) => v.lesson_id));
  const exerciseCodes = new Map(exercises.map((e) => [e.id, e.code]));
  /** The tracks go with the exercise's own rendered clip only: another video has none of them. */
  const tracksOf = (l: (typeof lessons)[number]): ClipTracks | null => {
    const code = exerciseCodes.get(l.exercise_id);
    if (!code || !l.video_src) return null;
    const clip = autodromClip(code);
    return l.video_src === clip.mp4 ? { captions: clip.captions, chapters: clip.chapters } : null;
  };
  const lessonViews = lessons.map((l) => ({
    section: l.section_id,
    view: {
      id: l.id,
      name: l.name,
      description: l.description,
      exercise: l.exercise_id,
      poster: l.poster,
      video: l.video_src && l.video_type ? { src: l.video_src, type: l.video_type } : null,
      tracks: tracksOf(l),
      embed: l.embed_url,
      duration: l.duration,
      viewed: viewed.has(l.id),
    } satisfies LessonView,
  }));
  const total = lessonViews.length;
  const done = lessonViews.filter((l) => l.view.viewed).length;
  return {
    ...access.target,
    access: { id: access.id, date_end: access.date_end },
    progress: { viewed: done, total, percent: total ? Math.floor((done * 100) / total) : 0 },
    sections: sections
      .map((s) => ({
        id: s.id,
        name: s.name,
        lessons: lessonViews.filter((l) => l.section === s.id).map((l) => l.view),
      }))
      .filter((s) => s.lessons.length),
    exercises: exercises.map((e) => ({
      id: e.id,
      code: e.code,
      name: e.name,
      description: e.description,
      poster: e.poster,
      penalties: (JSON.parse(e.penalties) as Penalties).map((p) => ({
        fault: p.fault[locale],
        points: p.points,
        gross: p.gross === true,
      })),
    })),
  };
}

/** Marks a lesson of the autodrome viewed by the learner (again is a no-op) and answers the new progress. */
export async function markLessonViewed(
  db: Kysely<Database>,
  learnerId: number,
  autodromeId: number,
  lessonId: number,
  locale: Locale,
  now = new Date(),
): Promise<{ lesson: number; viewed: true; progress: Progress }> {
  await autodromeWithAccess(db, learnerId, autodromeId, locale, now);
  const lesson = await db
    .selectFrom('autodrome_lessons')
    .select('id')
    .where('id', '=', lessonId)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  if (!lesson) throw new DomainError('notFound', 'autodrom.error.lessonNotFound');
  await db
    .insertInto('autodrome_lesson_views')
    .values({ learner_id: learnerId, autodrome_id: autodromeId, lesson_id: lessonId, viewed_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['learner_id', 'autodrome_id', 'lesson_id']).doNothing())
    .execute();
  const detail = await autodromeDetail(db, learnerId, autodromeId, locale, now);
  return { lesson: lessonId, viewed: true, progress: detail.progress };
}
