// Loads content/ into the database at start-up, idempotently by stable code. An item removed from
// content is retired (retired_at set), never deleted, so every learner's history keeps its rows.
import type { Kysely, Transaction } from 'kysely';
import type { Locale } from '../../i18n/locales';
import type { Database } from '../db/schema';
import { flattenQualifications, type Content, type LessonContent } from './content';

type Trx = Kysely<Database> | Transaction<Database>;

/** A trilingual name as its table's three columns. */
const nameColumns = (name: Record<Locale, string>) => ({ name_ru: name.ru, name_kz: name.kz, name_en: name.en });
type Synced =
  | 'themes'
  | 'qualifications'
  | 'autodromes'
  | 'courses'
  | 'autodrome_exercises'
  | 'autodrome_sections'
  | 'autodrome_lessons'
  | 'course_modules'
  | 'lessons';

async function upsertByCode<T extends Synced>(
  trx: Trx,
  table: T,
  rows: { code: string; values: Record<string, unknown> }[],
  now: string,
): Promise<Map<string, number>> {
  const existing = (await trx
    .selectFrom(table as Synced)
    .select(['id', 'code'])
    .execute()) as { id: number; code: string }[];
  // Themes an operator's bank brought (source 'import') are not content's to retire.
  const foreign =
    table === 'themes'
      ? new Set(
          (await trx.selectFrom('themes').select('code').where('source', '<>', 'content').execute()).map((r) => r.code),
        )
      : new Set<string>();
  const ids = new Map(existing.map((r) => [r.code, r.id]));
  for (const row of rows) {
    const id = ids.get(row.code);
    if (id === undefined) {
      const inserted = await trx
        .insertInto(table as Synced)
        .values({ code: row.code, ...row.values } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(row.code, inserted.id);
    } else {
      await trx
        .updateTable(table as Synced)
        .set({ ...row.values, retired_at: null } as never)
        .where('id', '=', id)
        .execute();
    }
  }
  const wanted = new Set(rows.map((r) => r.code));
  const retire = existing.filter((r) => !wanted.has(r.code) && !foreign.has(r.code)).map((r) => r.id);
  if (retire.length) {
    await trx
      .updateTable(table as Synced)
      .set({ retired_at: now } as never)
      .where('id', 'in', retire)
      .where('retired_at', 'is', null)
      .execute();
  }
  return ids;
}

export async function syncContent(db: Kysely<Database>, content: Content, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const themeIds = await upsertByCode(
      trx,
      'themes',
      content.themes.map((t, i) => ({
        code: t.code,
        values: { ...nameColumns(t.name), sort: i },
      })),
      at,
    );

    const flat = flattenQualifications(content.qualifications);
    // Parents first (flatten keeps that order), so parent_id can be resolved as we go.
    const qualIds = await upsertByCode(
      trx,
      'qualifications',
      flat.map((q, i) => ({
        code: q.code,
        values: {
          ...nameColumns(q.name),
          picture: q.picture ?? null,
          sort: i,
          exam_questions: q.exam.questions,
          exam_minutes: q.exam.minutes,
          allowed_mistakes: q.exam.allowed_mistakes,
        },
      })),
      at,
    );
    for (const q of flat) {
      const id = qualIds.get(q.code)!;
      await trx
        .updateTable('qualifications')
        .set({ parent_id: q.parent ? qualIds.get(q.parent)! : null })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('qualification_themes').where('qualification_id', '=', id).execute();
      const links = Object.entries(q.themes).map(([code, count], sort) => ({
        qualification_id: id,
        theme_id: themeIds.get(code)!,
        exam_questions: count,
        sort,
      }));
      if (links.length) await trx.insertInto('qualification_themes').values(links).execute();
    }

    await upsertByCode(
      trx,
      'autodromes',
      content.autodromes.map((a, i) => ({
        code: a.code,
        values: {
          ...nameColumns(a.name),
          city_ru: a.city.ru,
          city_kz: a.city.kz,
          city_en: a.city.en,
          categories: a.categories ? a.categories.join(',') : null,
          picture: a.picture ?? null,
          sort: i,
        },
      })),
      at,
    );
    await syncAutodromeLessons(trx, content, at);
    const courseIds = await upsertByCode(
      trx,
      'courses',
      content.courses.map((c) => ({
        code: c.code,
        values: {
          ...nameColumns(c.name),
          picture: c.picture ?? null,
          qualification_id: qualIds.get(c.qualification)!,
          final_questions: c.final.questions,
          final_allowed_mistakes: c.final.allowed_mistakes,
        },
      })),
      at,
    );
    // The course's modules and lessons, in content order (sort), each under its parent.
    const modules = content.courses.flatMap((c) => c.modules.map((m) => ({ course: c.code, m })));
    const moduleIds = await upsertByCode(
      trx,
      'course_modules',
      modules.map(({ course, m }, i) => ({
        code: m.code,
        values: {
          course_id: courseIds.get(course)!,
          ...nameColumns(m.name),
          test_questions: m.test.questions,
          sort: i,
        },
      })),
      at,
    );
    // A lesson whose video the operator replaced (course-video) keeps it: content sets the rest.
    const operatorVideos = new Set(
      (await trx.selectFrom('lessons').select('code').where('video_source', '=', 'operator').execute()).map(
        (r) => r.code,
      ),
    );
    await upsertByCode(
      trx,
      'lessons',
      modules
        .flatMap(({ m }) => m.lessons.map((l) => ({ module: m.code, l })))
        .map(({ module, l }, i) => ({
          code: l.code,
          values: {
            module_id: moduleIds.get(module)!,
            ...nameColumns(l.name),
            description_ru: l.description.ru,
            description_kz: l.description.kz,
            description_en: l.description.en,
            ...(operatorVideos.has(l.code) ? {} : lessonVideoColumns(l.video)),
            demo: l.demo ? 1 : 0,
            test_themes: l.test.themes.join(','),
            test_questions: (l.test.questions ?? []).join(','),
            sort: i,
          },
        })),
      at,
    );
  });
}

/** A course lesson's video (course.yaml) as the lesson row's video columns. */
function lessonVideoColumns(video: LessonContent['video']) {
  const files = 'mp4' in video ? video : null;
  return {
    video_mp4: files?.mp4 ?? null,
    video_embed: 'embed' in video ? video.embed : null,
    poster: video.poster ?? null,
    duration: video.duration,
    captions_ru: files?.captions.ru ?? null,
    captions_kz: files?.captions.kz ?? null,
    captions_en: files?.captions.en ?? null,
    chapters_ru: files?.chapters.ru ?? null,
    chapters_kz: files?.chapters.kz ?? null,
    chapters_en: files?.chapters.en ?? null,
  };
}

/** The autodrome exercises, the track sections and their lessons (a lesson's name and description default to its exercise's). */
async function syncAutodromeLessons(trx: Trx, content: Content, at: string): Promise<void> {
  const exerciseIds = await upsertByCode(
    trx,
    'autodrome_exercises',
    content.exercises.map((e, i) => ({
      code: e.code,
      values: {
        ...nameColumns(e.name),
        description_ru: e.description.ru,
        description_kz: e.description.kz,
        description_en: e.description.en,
        poster: e.poster,
        penalties: JSON.stringify(e.penalties),
        sort: i,
      },
    })),
    at,
  );
  const sectionIds = await upsertByCode(
    trx,
    'autodrome_sections',
    content.sections.map((s, i) => ({
      code: s.code,
      values: { ...nameColumns(s.name), sort: i },
    })),
    at,
  );
  const exercises = new Map(content.exercises.map((e) => [e.code, e]));
  let sort = 0;
  await upsertByCode(
    trx,
    'autodrome_lessons',
    content.sections.flatMap((s) =>
      s.lessons.map((l) => {
        const e = exercises.get(l.exercise)!;
        const name = l.name ?? e.name;
        const description = l.description ?? e.description;
        return {
          code: l.code,
          values: {
            section_id: sectionIds.get(s.code)!,
            exercise_id: exerciseIds.get(l.exercise)!,
            ...nameColumns(name),
            description_ru: description.ru,
            description_kz: description.kz,
            description_en: description.en,
            poster: l.poster ?? e.poster,
            video_src: l.video?.src ?? null,
            video_type: l.video?.type ?? null,
            embed_url: l.embed ?? null,
            duration: l.duration ?? null,
            sort: sort++,
          },
        };
      }),
    ),
    at,
  );
}
