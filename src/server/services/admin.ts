// What the operator does from the command line (scripts/admin.ts), as functions over `db` with no
// console and no exit codes, so the same code is tested directly and through the CLI.
import type { Kysely } from 'kysely';
import type { AccessType, Database, NotificationColor } from '../db/schema';
import { findLearnerByLogin, normalizePhone } from './learners';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords';
import { deleteLearnerSessions } from './sessions';

export class AdminError extends Error {
  constructor(message: string) { super(message); this.name = 'AdminError'; }
}

const DAY = 86_400_000;
const ALMATY_OFFSET_MS = 5 * 3600_000;
export const ACCESS_TYPES: AccessType[] = ['test', 'autodrome', 'education'];
export const COLORS: NotificationColor[] = ['info', 'danger', 'success', 'warning', 'secondary'];

async function learnerOrFail(db: Kysely<Database>, login: string) {
  const learner = await findLearnerByLogin(db, login);
  if (!learner) throw new AdminError(`No learner with login, e-mail or phone "${login}".`);
  return learner;
}

function checkPassword(password: string) {
  if (password.length < MIN_PASSWORD_LENGTH) throw new AdminError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > 1024) throw new AdminError('The password is too long.');
}

export interface NewLearnerInput { fullname: string; login: string; email?: string | undefined; phone?: string | undefined; password: string }

export async function addLearner(db: Kysely<Database>, input: NewLearnerInput, now = new Date()): Promise<number> {
  const login = input.login.trim().toLowerCase();
  if (!/^[a-z0-9._-]{3,100}$/.test(login)) throw new AdminError('The login must be 3–100 letters, digits, dots, hyphens or underscores.');
  const fullname = input.fullname.trim();
  if (!fullname || fullname.length > 200) throw new AdminError('The full name must be 1–200 characters.');
  const email = input.email?.trim().toLowerCase() || null;
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AdminError(`"${input.email}" is not an e-mail address.`);
  const phoneDigits = input.phone?.trim() ? normalizePhone(input.phone) : null;
  if (input.phone?.trim() && !phoneDigits) throw new AdminError(`"${input.phone}" is not a Kazakhstan phone number (+7 XXX XXX XX XX).`);
  checkPassword(input.password);
  const clash = await db.selectFrom('learners').select(['login', 'email', 'phone_digits'])
    .where((eb) => eb.or([eb('login', '=', login), ...(email ? [eb('email', '=', email)] : []), ...(phoneDigits ? [eb('phone_digits', '=', phoneDigits)] : [])]))
    .executeTakeFirst();
  if (clash?.login === login) throw new AdminError(`The login "${login}" is taken.`);
  if (clash && email && clash.email === email) throw new AdminError(`The e-mail ${email} belongs to another learner.`);
  if (clash) throw new AdminError(`The phone ${input.phone} belongs to another learner.`);
  const { id } = await db.insertInto('learners').values({
    login, email, phone: input.phone?.trim() || null, phone_digits: phoneDigits, fullname,
    password_hash: await hashPassword(input.password), blocked: 0, created_at: now.toISOString(),
  }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function setPassword(db: Kysely<Database>, login: string, password: string): Promise<void> {
  checkPassword(password);
  const learner = await learnerOrFail(db, login);
  await db.updateTable('learners').set({ password_hash: await hashPassword(password) }).where('id', '=', learner.id).execute();
  await deleteLearnerSessions(db, learner.id); // a new password signs out every device
}

export async function setBlocked(db: Kysely<Database>, login: string, blocked: boolean): Promise<void> {
  const learner = await learnerOrFail(db, login);
  await db.updateTable('learners').set({ blocked: blocked ? 1 : 0 }).where('id', '=', learner.id).execute();
  if (blocked) await deleteLearnerSessions(db, learner.id);
}

/** YYYY-MM-DD as the end (or start) of that day in Asia/Almaty. */
export function almatyDay(text: string, end: boolean): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== text) throw new AdminError(`"${text}" is not a date (YYYY-MM-DD).`);
  return new Date(date.getTime() - ALMATY_OFFSET_MS + (end ? DAY : 0));
}

export interface GrantInput { login: string; type: string; target: string; until?: string | undefined; days?: number | undefined; from?: string | undefined }

const targetTables = { test: 'qualifications', autodrome: 'autodromes', education: 'courses' } as const;

export async function grantAccess(db: Kysely<Database>, input: GrantInput, now = new Date()): Promise<number> {
  if (!ACCESS_TYPES.includes(input.type as AccessType)) throw new AdminError(`The type must be one of ${ACCESS_TYPES.join(', ')}.`);
  const type = input.type as AccessType;
  const learner = await learnerOrFail(db, input.login);
  const table = targetTables[type];
  const byId = /^\d+$/.test(input.target);
  const target = await db.selectFrom(table).select(['id', 'code']).where('retired_at', 'is', null)
    .where(byId ? 'id' : 'code', '=', byId ? Number(input.target) : input.target).executeTakeFirst();
  if (!target) {
    const codes = (await db.selectFrom(table).select('code').where('retired_at', 'is', null).execute()).map((r) => r.code);
    throw new AdminError(`No ${type} target "${input.target}". Known: ${codes.join(', ')}.`);
  }
  const start = input.from ? almatyDay(input.from, false) : now;
  let end: Date;
  if (input.until !== undefined && input.days !== undefined) throw new AdminError('Give either --until or --days, not both.');
  if (input.until !== undefined) end = almatyDay(input.until, true);
  else if (input.days !== undefined) {
    if (!Number.isInteger(input.days) || input.days < 1 || input.days > 3660) throw new AdminError('--days must be a whole number from 1 to 3660.');
    end = new Date(start.getTime() + input.days * DAY);
  } else throw new AdminError('Say how long: --until YYYY-MM-DD or --days N.');
  if (end <= start) throw new AdminError('The access would end before it starts.');
  const { id } = await db.insertInto('accesses').values({
    learner_id: learner.id, type, target_id: target.id, start_at: start.toISOString(), end_at: end.toISOString(),
    revoked_at: null, created_at: now.toISOString(),
  }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function revokeAccess(db: Kysely<Database>, accessId: number, now = new Date()): Promise<void> {
  const result = await db.updateTable('accesses').set({ revoked_at: now.toISOString() })
    .where('id', '=', accessId).where('revoked_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const exists = await db.selectFrom('accesses').select('id').where('id', '=', accessId).executeTakeFirst();
    throw new AdminError(exists ? `Access ${accessId} is already revoked.` : `No access with id ${accessId}.`);
  }
}

export interface AccessRow { id: number; type: AccessType; target: string; name: string; start: string; end: string; status: 'active' | 'ended' | 'revoked' | 'future' }

export async function listLearnerAccesses(db: Kysely<Database>, login: string, now = new Date()): Promise<AccessRow[]> {
  const learner = await learnerOrFail(db, login);
  const rows = await db.selectFrom('accesses').selectAll().where('learner_id', '=', learner.id).orderBy('id').execute();
  const at = now.toISOString();
  const out: AccessRow[] = [];
  for (const r of rows) {
    const target = await db.selectFrom(targetTables[r.type]).select(['code', 'name_en']).where('id', '=', r.target_id).executeTakeFirst();
    out.push({
      id: r.id, type: r.type, target: target?.code ?? String(r.target_id), name: target?.name_en ?? '', start: r.start_at, end: r.end_at,
      status: r.revoked_at ? 'revoked' : r.start_at > at ? 'future' : r.end_at <= at ? 'ended' : 'active',
    });
  }
  return out;
}

export interface NotifyInput { login?: string | undefined; all?: boolean | undefined; title: string; text: string; color?: string | undefined; web?: string | undefined }

export async function sendNotification(db: Kysely<Database>, input: NotifyInput, now = new Date()): Promise<number> {
  if (!!input.login === !!input.all) throw new AdminError('Send to one learner (--login) or to all (--all).');
  const title = input.title.trim();
  const text = input.text.trim();
  if (!title || title.length > 300) throw new AdminError('The title must be 1–300 characters.');
  if (!text) throw new AdminError('The text must not be empty.');
  const color = (input.color ?? 'info') as NotificationColor;
  if (!COLORS.includes(color)) throw new AdminError(`The colour must be one of ${COLORS.join(', ')}.`);
  let web: string | null = null;
  if (input.web) {
    let url: URL | null = null;
    try { url = new URL(input.web); } catch { /* reported below */ }
    if (!url || !/^https?:$/.test(url.protocol)) throw new AdminError(`"${input.web}" is not a web link (http:// or https://).`);
    web = url.href;
  }
  const ids = input.all
    ? (await db.selectFrom('learners').select('id').where('blocked', '=', 0).execute()).map((r) => r.id)
    : [(await learnerOrFail(db, input.login!)).id];
  for (let i = 0; i < ids.length; i += 500) {
    await db.insertInto('notifications').values(ids.slice(i, i + 500).map((learner_id) => ({
      learner_id, title, text, color, web, created_at: now.toISOString(), read_at: null,
    }))).execute();
  }
  return ids.length;
}
