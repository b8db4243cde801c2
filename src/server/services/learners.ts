// Learners and how a login (name, e-mail or phone in any spacing) finds one.
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared';
import type { Database, Learner } from '../db/schema';

/** Kazakhstan numbers as 11 digits starting with 7: '+7 701 000 00 01' = '87010000001' = '7010000001'. */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 10) return `7${digits}`;
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) return `7${digits.slice(1)}`;
  return null;
}

/** A control character: nobody types one, it never belongs in a login, name or title, and PostgreSQL refuses a NUL in text. */
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** A learner as services see it: the stored 0/1 flag read once, here, as a boolean. */
export type LearnerRecord = Omit<Learner, 'blocked'> & { blocked: boolean };

const toRecord = (row: Learner | undefined): LearnerRecord | undefined =>
  row && { ...row, blocked: Boolean(row.blocked) };

export function looksLikePhone(input: string): boolean {
  return /^[\d\s()+-]+$/.test(input.trim()) && normalizePhone(input) !== null;
}

export async function findLearnerByLogin(db: Kysely<Database>, login: string): Promise<LearnerRecord | undefined> {
  const key = login.trim().toLowerCase();
  // A control character never belongs to a login (and PostgreSQL refuses a NUL in a query).
  if (!key || key.length > 254 || CONTROL_CHARACTER.test(key)) return undefined;
  const phone = looksLikePhone(key) ? normalizePhone(key) : null;
  let query = db.selectFrom('learners').selectAll();
  query = phone
    ? query.where((eb) => eb.or([eb('login', '=', key), eb('phone_digits', '=', phone)]))
    : query.where((eb) => eb.or([eb('login', '=', key), eb('email', '=', key)]));
  return toRecord(await query.executeTakeFirst());
}

// Every signed-in call reads its learner: built once (see prepared).
const learnerById = prepared((db, id: number) => db.selectFrom('learners').selectAll().where('id', '=', id));

export async function findLearnerById(db: Kysely<Database>, id: number): Promise<LearnerRecord | undefined> {
  return toRecord((await learnerById(db, id))[0]);
}
