// The operator's learner commands (scripts/admin.ts): add, set a password, block, unblock, forget
// devices; and what every operator command shares: AdminError and naming a learner by login, e-mail
// or phone.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { forgetDevices } from './devices';
import { CONTROL_CHARACTER, findLearnerByLogin, looksLikePhone, normalizePhone, type LearnerRecord } from './learners';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords';
import { deleteLearnerSessions } from './sessions';

export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}

export type Db = Kysely<Database>;

const MAX_PASSWORD_LENGTH = 1024; // what the sign-in call accepts

/** The learner named by login, e-mail or phone, or an AdminError. */
export async function learnerOrFail(db: Db, login: string): Promise<LearnerRecord> {
  if (!login.trim()) throw new AdminError('Name the learner by login, e-mail or phone.');
  const learner = await findLearnerByLogin(db, login);
  if (!learner) throw new AdminError(`No learner with login, e-mail or phone "${login.trim()}".`);
  return learner;
}

export function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new AdminError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > MAX_PASSWORD_LENGTH)
    throw new AdminError(`The password must have at most ${MAX_PASSWORD_LENGTH} characters.`);
  if (password.trim() !== password) throw new AdminError('The password must not start or end with a space.');
}

export interface NewLearnerInput {
  fullname: string;
  login: string;
  email?: string | undefined;
  phone?: string | undefined;
  password: string;
}

export interface NormalizedLearner {
  fullname: string;
  login: string;
  email: string | null;
  phone: string | null;
  phoneDigits: string | null;
}

/** Checks and normalises everything about a new learner except the password; no database. */
export function normalizeNewLearner(input: Omit<NewLearnerInput, 'password'>): NormalizedLearner {
  const login = input.login.trim().toLowerCase();
  if (!/^[a-z0-9._-]{3,100}$/.test(login)) {
    throw new AdminError(
      `The login "${input.login.trim()}" must be 3–100 Latin letters, digits, dots, hyphens or underscores.`,
    );
  }
  // The sign-in form reads a phone-shaped login as a phone number, so such a login could never be used.
  if (looksLikePhone(login))
    throw new AdminError(`The login "${login}" looks like a phone number; choose one with letters.`);
  const fullname = input.fullname.trim().replace(/\s+/g, ' ');
  if (!fullname || fullname.length > 200 || CONTROL_CHARACTER.test(fullname))
    throw new AdminError('The full name must be 1–200 characters on one line.');
  const emailText = input.email?.trim() ?? '';
  const email = emailText ? emailText.toLowerCase() : null;
  if (email !== null && (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) {
    throw new AdminError(`"${emailText}" is not an e-mail address.`);
  }
  const phoneText = input.phone?.trim() ?? '';
  const phone = phoneText ? phoneText.replace(/\s+/g, ' ') : null;
  const phoneDigits = phone !== null && phone.length <= 40 && looksLikePhone(phone) ? normalizePhone(phone) : null;
  if (phone !== null && !phoneDigits)
    throw new AdminError(`"${phoneText}" is not a Kazakhstan phone number (+7 XXX XXX XX XX).`);
  return { fullname, login, email, phone, phoneDigits };
}

async function findClash(db: Db, l: NormalizedLearner): Promise<string | null> {
  const rows = await db
    .selectFrom('learners')
    .select(['login', 'email', 'phone_digits'])
    .where((eb) =>
      eb.or([
        eb('login', '=', l.login),
        ...(l.email ? [eb('email', '=', l.email)] : []),
        ...(l.phoneDigits ? [eb('phone_digits', '=', l.phoneDigits)] : []),
      ]),
    )
    .execute();
  if (rows.some((r) => r.login === l.login)) return `The login "${l.login}" is taken.`;
  const byEmail = rows.find((r) => l.email && r.email === l.email);
  if (byEmail) return `The e-mail ${l.email} belongs to another learner (${byEmail.login}).`;
  const byPhone = rows.find((r) => l.phoneDigits && r.phone_digits === l.phoneDigits);
  if (byPhone) return `The phone ${l.phone} belongs to another learner (${byPhone.login}).`;
  return null;
}

/** Everything addLearner checks before it needs the password, so a prompt comes only when the rest is right. */
export async function checkNewLearner(db: Db, input: Omit<NewLearnerInput, 'password'>): Promise<NormalizedLearner> {
  const learner = normalizeNewLearner(input);
  const clash = await findClash(db, learner);
  if (clash) throw new AdminError(clash);
  return learner;
}

/** Adds a learner; returns the new id and the stored (lower-case) login. */
export async function addLearner(
  db: Db,
  input: NewLearnerInput,
  now = new Date(),
): Promise<{ id: number; login: string }> {
  const learner = await checkNewLearner(db, input);
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  try {
    const { id } = await db
      .insertInto('learners')
      .values({
        login: learner.login,
        email: learner.email,
        phone: learner.phone,
        phone_digits: learner.phoneDigits,
        fullname: learner.fullname,
        password_hash: passwordHash,
        blocked: 0,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, login: learner.login };
  } catch (error) {
    // Someone added the same login, e-mail or phone between the check and the insert.
    const clash = await findClash(db, learner);
    if (clash) throw new AdminError(clash);
    throw error;
  }
}

/** Sets a new password and ends every session of the learner (a new password signs out every device). */
export async function setPassword(db: Db, login: string, password: string): Promise<LearnerRecord> {
  const learner = await learnerOrFail(db, login);
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('learners').set({ password_hash: passwordHash }).where('id', '=', learner.id).execute();
    await deleteLearnerSessions(trx, learner.id);
  });
  return learner;
}

export interface BlockResult {
  login: string /** false when the learner already was in that state */;
  changed: boolean;
}

/** Blocks sign-in and ends every session (also when already blocked, to be sure). */
export async function blockLearner(db: Db, login: string): Promise<BlockResult> {
  const learner = await learnerOrFail(db, login);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('learners').set({ blocked: 1 }).where('id', '=', learner.id).execute();
    await deleteLearnerSessions(trx, learner.id);
  });
  return { login: learner.login, changed: !learner.blocked };
}

/** Forgets the learner's device cookies (a lost or shared computer): those browsers are untrusted again. */
export async function forgetLearnerDevices(db: Db, login: string): Promise<{ login: string; forgotten: number }> {
  const learner = await learnerOrFail(db, login);
  return { login: learner.login, forgotten: await forgetDevices(db, learner.id) };
}

/** Allows sign-in again. */
export async function unblockLearner(db: Db, login: string): Promise<BlockResult> {
  const learner = await learnerOrFail(db, login);
  if (learner.blocked) await db.updateTable('learners').set({ blocked: 0 }).where('id', '=', learner.id).execute();
  return { login: learner.login, changed: learner.blocked };
}
