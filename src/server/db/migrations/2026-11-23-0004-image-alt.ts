// Frozen: a text alternative for each question's picture in three languages (for screen readers).
import type { Kysely } from 'kysely';

const columns = ['image_alt_ru', 'image_alt_kz', 'image_alt_en'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of columns) await db.schema.alterTable('questions').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of columns) await db.schema.alterTable('questions').dropColumn(column).execute();
}
