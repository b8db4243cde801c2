// Frozen: trainings whose mistakes are not counted (spec §9) end without a grade, as 'completed'
// (issue 21). The examinations' status check admits it, and the trainings that ended judged before
// (train, themes, favorites, incorrect and any other mode outside the course's graded lesson, module
// and final) become 'completed'; a time that ran out stays 'expired', a cancel 'cancelled'. The course
// keeps its final's mistake allowance (course.yaml; written by the content sync at start-up).
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const GRADED_TRAININGS = ['lesson', 'module', 'final'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('courses').addColumn('final_allowed_mistakes', 'integer').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // The column's check, named by PostgreSQL's rule for an unnamed column constraint.
    await sql`alter table examinations drop constraint if exists examinations_status_check`.execute(db);
    await sql`alter table examinations add constraint examinations_status_check
      check (status in ('process', 'passed', 'failed', 'cancelled', 'expired', 'completed'))`.execute(db);
  } else {
    await rebuildSqliteExaminations(db);
  }
  await db
    .updateTable('examinations')
    .set({ status: 'completed' })
    .where('prepare', '=', 1)
    .where('mode', 'not in', GRADED_TRAININGS)
    .where('status', 'in', ['passed', 'failed'])
    .execute();
}

/**
 * SQLite cannot change a check: the table is rebuilt (the documented procedure: foreign keys off,
 * copy, drop, rename, check), keeping ids, so answers and course tests still point at their rows.
 */
async function rebuildSqliteExaminations(db: Kysely<any>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql`create table examinations_new (
      id integer primary key,
      learner_id integer not null references learners(id) on delete cascade,
      qualification_id integer not null references qualifications(id),
      mode varchar(20) not null,
      prepare integer not null,
      status varchar(20) not null check (status in ('process', 'passed', 'failed', 'cancelled', 'expired', 'completed')),
      language varchar(5) not null,
      question_count integer not null,
      time_limit integer,
      allowed_mistakes integer,
      mistakes integer not null default 0,
      correct integer not null default 0,
      extras text not null default '{}',
      started_at varchar(30),
      deadline varchar(30),
      finished_at varchar(30),
      access_until varchar(30)
    )`.execute(db);
    await sql`insert into examinations_new (id, learner_id, qualification_id, mode, prepare, status, language, question_count, time_limit,
      allowed_mistakes, mistakes, correct, extras, started_at, deadline, finished_at, access_until)
      select id, learner_id, qualification_id, mode, prepare, status, language, question_count, time_limit,
      allowed_mistakes, mistakes, correct, extras, started_at, deadline, finished_at, access_until from examinations`.execute(
      db,
    );
    await sql`drop table examinations`.execute(db);
    await sql`alter table examinations_new rename to examinations`.execute(db);
    await sql`create index examinations_learner_idx on examinations (learner_id, qualification_id, status)`.execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length)
      throw new Error(`foreign keys broken by the examinations rebuild: ${JSON.stringify(broken.rows.slice(0, 5))}`);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db).catch(() => {});
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // Which of them passed is no longer known: a completed training reads as failed, the cautious side.
  await db.updateTable('examinations').set({ status: 'failed' }).where('status', '=', 'completed').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table examinations drop constraint if exists examinations_status_check`.execute(db);
    await sql`alter table examinations add constraint examinations_status_check
      check (status in ('process', 'passed', 'failed', 'cancelled', 'expired'))`.execute(db);
  }
  await db.schema.alterTable('courses').dropColumn('final_allowed_mistakes').execute();
}
