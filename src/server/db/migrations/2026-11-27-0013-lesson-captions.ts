// Frozen: a lesson's captions and chapters (issue 22). The lesson row is the one home of its video:
// mp4, poster and duration (seconds) were there; the WebVTT files of its captions and chapters join
// them, one column a language like the row's names (paths under public/, null for an embedded video).
// The webm copy goes: the course's clips are H.264 only, which every phone plays. The content sync
// fills these from course.yaml; the operator's course-video command updates only this row and sets
// video_source to 'operator', and the sync then leaves the row's video alone (as themes' source does).
import type { Kysely } from 'kysely';

const COLUMNS = ['captions_ru', 'captions_kz', 'captions_en', 'chapters_ru', 'chapters_kz', 'chapters_en'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('lessons').addColumn(column, 'varchar(300)').execute();
  await db.schema
    .alterTable('lessons')
    .addColumn('video_source', 'varchar(10)', (c) => c.notNull().defaultTo('content'))
    .execute();
  await db.schema.alterTable('lessons').dropColumn('video_webm').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lessons').addColumn('video_webm', 'varchar(300)').execute();
  for (const column of [...COLUMNS, 'video_source']) await db.schema.alterTable('lessons').dropColumn(column).execute();
}
