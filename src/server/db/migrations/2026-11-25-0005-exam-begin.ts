// Frozen: the exam clock starts at Begin (started_at is null until then), and a test remembers
// until when the access it was started under ran (access_until), so the access is judged as it was
// at the start, not as it is now.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('examinations').addColumn('access_until', 'varchar(30)').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table examinations alter column started_at drop not null`.execute(db);
    return;
  }
  // SQLite cannot drop a NOT NULL: the table is rebuilt (the documented procedure: foreign keys off,
  // copy, drop, rename, check), keeping ids, so examination_answers still points at its rows.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql`create table examinations_new (
      id integer primary key,
      learner_id integer not null references learners(id) on delete cascade,
      qualification_id integer not null references qualifications(id),
      mode varchar(20) not null,
      prepare integer not null,
      status varchar(20) not null check (status in ('process', 'passed', 'failed', 'cancelled', 'expired')),
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
  // Tests never begun have no start to keep: they go, and started_at is required again (PostgreSQL;
  // SQLite keeps the column as it is).
  await db.deleteFrom('examinations').where('started_at', 'is', null).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`alter table examinations alter column started_at set not null`.execute(db);
  await db.schema.alterTable('examinations').dropColumn('access_until').execute();
}
