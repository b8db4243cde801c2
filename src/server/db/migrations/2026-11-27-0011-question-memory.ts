// Frozen: a learner's memory of each question (issue 21) — its FSRS state (src/shared/memory.ts),
// updated by every answer in any mode, with the answer counts the prior for unanswered questions
// reads — and the learner's study goal (an exam date, minutes per day).
//
// The memory is rebuilt from the answer history here. The migration calls the one rebuild the server
// has (services/memory.ts rebuildMemories) rather than a copy of it: the rule "replay every answered
// slot in answered_at, id order through remember()" must give the very state the answer call writes,
// and a second copy would drift. It only reads examinations and examination_answers and writes this
// table, whose columns are created right here.
import { SqliteAdapter, sql, type Kysely } from 'kysely';
import { rebuildMemories } from '../../services/memory';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('question_memory')
    .addColumn('learner_id', 'integer', (c) => c.notNull().references('learners.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('stability', 'double precision', (c) => c.notNull())
    .addColumn('difficulty', 'double precision', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('reps', 'integer', (c) => c.notNull())
    .addColumn('lapses', 'integer', (c) => c.notNull())
    .addColumn('last_review', 'varchar(30)', (c) => c.notNull())
    .addColumn('due', 'varchar(30)', (c) => c.notNull())
    .addColumn('answers', 'integer', (c) => c.notNull())
    .addColumn('right', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_memory_pk', ['learner_id', 'question_id'])
    // Every answer reads and writes one row by its key: on SQLite a table clustered on that key (no
    // rowid) takes one b-tree step instead of two. The key leads with learner_id, so it also serves
    // "all of a learner's memory" (no index of its own, which every new row would pay for).
    .$call((table) => (db.getExecutor().adapter instanceof SqliteAdapter ? table.modifyEnd(sql`without rowid`) : table))
    .execute();

  await db.schema.alterTable('learners').addColumn('exam_date', 'varchar(10)').execute();
  await db.schema.alterTable('learners').addColumn('minutes_per_day', 'integer').execute();

  await rebuildMemories(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('learners').dropColumn('minutes_per_day').execute();
  await db.schema.alterTable('learners').dropColumn('exam_date').execute();
  await db.schema.dropTable('question_memory').execute();
}
