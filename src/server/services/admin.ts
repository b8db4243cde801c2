// What the operator does from the command line (scripts/admin.ts), as functions over `db` with no
// console and no exit codes, so the same code is tested directly and through the CLI. Every bad
// input throws an AdminError whose message can be shown to the operator as it is.
import { sql, type Kysely } from 'kysely';
import type { AccessType, Database, Learner, NotificationColor } from '../db/schema';
import { almatyDate, almatyWallClock, DAY_MS, fromAlmatyWallClock } from '../../shared/time';
import { isActive } from './accesses';
import { findLearnerByLogin, looksLikePhone, normalizePhone } from './learners';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords';
import { deleteLearnerSessions } from './sessions';

export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}

type Db = Kysely<Database>;

const MAX_PASSWORD_LENGTH = 1024; // what the sign-in call accepts
const MAX_DAYS = 3660;
export const ACCESS_TYPES: readonly AccessType[] = ['test', 'autodrome', 'education'];
export const COLORS: readonly NotificationColor[] = ['info', 'danger', 'success', 'warning', 'secondary'];
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The learner named by login, e-mail or phone, or an AdminError. */
export async function learnerOrFail(db: Db, login: string): Promise<Learner> {
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

// ---------------------------------------------------------------------------------------------
// Learners

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
  if (!fullname || fullname.length > 200 || CONTROL.test(fullname))
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
export async function setPassword(db: Db, login: string, password: string): Promise<Learner> {
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

/** Allows sign-in again. */
export async function unblockLearner(db: Db, login: string): Promise<BlockResult> {
  const learner = await learnerOrFail(db, login);
  if (learner.blocked) await db.updateTable('learners').set({ blocked: 0 }).where('id', '=', learner.id).execute();
  return { login: learner.login, changed: !!learner.blocked };
}

// ---------------------------------------------------------------------------------------------
// Accesses

/** YYYY-MM-DD as the start (or, with `end`, the end) of that day in Asia/Almaty. */
export function almatyDay(text: string, end: boolean): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== text.trim())
    throw new AdminError(`"${text}" is not a date (YYYY-MM-DD).`);
  return new Date(fromAlmatyWallClock(text.trim()).getTime() + (end ? DAY_MS : 0));
}

/** An ISO time as 'YYYY-MM-DD HH:MM' in Asia/Almaty; with `end`, midnight is shown as the previous day's 24:00. */
export function formatAlmaty(iso: string, end = false): string {
  const text = almatyWallClock(iso);
  if (end && text.slice(11, 16) === '00:00') return `${almatyDate(Date.parse(iso) - DAY_MS)} 24:00`;
  return `${text.slice(0, 10)} ${text.slice(11, 16)}`;
}

const targetTables = { test: 'qualifications', autodrome: 'autodromes', education: 'courses' } as const;
const typeNames = { test: 'qualification', autodrome: 'autodrome', education: 'course' } as const;

export interface GrantInput {
  login: string;
  type: string;
  /** A code (B, almaty, traffic-rules-course; any case) or a numeric id. */
  target: string;
  /** The last day, YYYY-MM-DD; the access ends at the end of that day in Asia/Almaty. */
  until?: string | undefined;
  /** Or a length in days, counted from the start. */
  days?: number | undefined;
  /** The first day, YYYY-MM-DD (from the start of that day in Asia/Almaty); default now. */
  from?: string | undefined;
}

export interface AccessRow {
  id: number;
  type: AccessType;
  /** The target's code (or its id when the target is gone). */
  target: string;
  name: string;
  start: string;
  end: string;
  revoked: string | null;
  status: 'active' | 'ended' | 'revoked' | 'future';
}

function statusOf(a: { start_at: string; end_at: string; revoked_at: string | null }, now: Date): AccessRow['status'] {
  if (a.revoked_at !== null) return 'revoked';
  if (isActive(a, now)) return 'active';
  return a.start_at > now.toISOString() ? 'future' : 'ended';
}

export async function grantAccess(db: Db, input: GrantInput, now = new Date()): Promise<AccessRow> {
  if (!ACCESS_TYPES.includes(input.type as AccessType))
    throw new AdminError(`The type "${input.type}" is unknown; use one of ${ACCESS_TYPES.join(', ')}.`);
  const type = input.type as AccessType;
  const learner = await learnerOrFail(db, input.login);

  const table = targetTables[type];
  const wanted = input.target.trim();
  const all = await db.selectFrom(table).select(['id', 'code', 'name_en', 'retired_at']).orderBy('id').execute();
  const target = /^\d+$/.test(wanted)
    ? all.find((r) => r.id === Number(wanted))
    : (all.find((r) => r.code === wanted) ?? all.find((r) => r.code.toLowerCase() === wanted.toLowerCase()));
  const known = all
    .filter((r) => r.retired_at === null)
    .map((r) => r.code)
    .join(', ');
  if (!target) throw new AdminError(`No ${typeNames[type]} "${wanted}". Known: ${known || 'none'}.`);
  if (target.retired_at !== null)
    throw new AdminError(`The ${typeNames[type]} ${target.code} is retired. Known: ${known || 'none'}.`);

  if (input.until !== undefined && input.days !== undefined)
    throw new AdminError('Give either --until or --days, not both.');
  const start = input.from !== undefined ? almatyDay(input.from, false) : now;
  let end: Date;
  if (input.until !== undefined) end = almatyDay(input.until, true);
  else if (input.days !== undefined) {
    if (!Number.isInteger(input.days) || input.days < 1 || input.days > MAX_DAYS)
      throw new AdminError(`--days must be a whole number from 1 to ${MAX_DAYS}.`);
    end = new Date(start.getTime() + input.days * DAY_MS);
  } else throw new AdminError('Say how long: --until YYYY-MM-DD or --days N.');
  if (end <= start) throw new AdminError('The access would end before it starts.');
  if (end <= now)
    throw new AdminError(`The access would already have ended (${formatAlmaty(end.toISOString(), true)} in Almaty).`);

  const row = {
    learner_id: learner.id,
    type,
    target_id: target.id,
    start_at: start.toISOString(),
    end_at: end.toISOString(),
    revoked_at: null,
    created_at: now.toISOString(),
  };
  const { id } = await db.insertInto('accesses').values(row).returning('id').executeTakeFirstOrThrow();
  return {
    id,
    type,
    target: target.code,
    name: target.name_en,
    start: row.start_at,
    end: row.end_at,
    revoked: null,
    status: statusOf(row, now),
  };
}

/** Marks an access revoked (the row is kept for the record). */
export async function revokeAccess(db: Db, accessId: number, now = new Date()): Promise<void> {
  // Ids are 32-bit integers in both databases; a larger number is no id (PostgreSQL would refuse it).
  if (!Number.isSafeInteger(accessId) || accessId < 1 || accessId > 2 ** 31 - 1)
    throw new AdminError(`"${accessId}" is not an access id.`);
  const result = await db
    .updateTable('accesses')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', accessId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const exists = await db.selectFrom('accesses').select('revoked_at').where('id', '=', accessId).executeTakeFirst();
    throw new AdminError(
      exists ? `Access ${accessId} was already revoked at ${exists.revoked_at}.` : `No access with id ${accessId}.`,
    );
  }
}

/** Every access of a learner, oldest first, with its target and status now. */
export async function listAccesses(db: Db, login: string, now = new Date()): Promise<AccessRow[]> {
  const learner = await learnerOrFail(db, login);
  const rows = await db.selectFrom('accesses').selectAll().where('learner_id', '=', learner.id).orderBy('id').execute();
  const targets = new Map<string, { code: string; name: string }>();
  for (const type of ACCESS_TYPES) {
    const ids = [...new Set(rows.filter((r) => r.type === type).map((r) => r.target_id))];
    if (!ids.length) continue;
    const found = await db
      .selectFrom(targetTables[type])
      .select(['id', 'code', 'name_en'])
      .where('id', 'in', ids)
      .execute();
    for (const t of found) targets.set(`${type}:${t.id}`, { code: t.code, name: t.name_en });
  }
  return rows.map((r) => {
    const target = targets.get(`${r.type}:${r.target_id}`);
    return {
      id: r.id,
      type: r.type,
      target: target?.code ?? String(r.target_id),
      name: target?.name ?? '',
      start: r.start_at,
      end: r.end_at,
      revoked: r.revoked_at,
      status: statusOf(r, now),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Notifications

export const NOTIFICATION_LANGS = ['ru', 'kz', 'en'] as const;
export type NotificationLang = (typeof NOTIFICATION_LANGS)[number];

export interface NotifyInput {
  login?: string | undefined;
  all?: boolean | undefined;
  /** The default title and text: shown to learners whose language has none of its own. */
  title: string;
  text: string;
  /** Titles and texts in particular languages (`--title-kz`…); any may be left out. */
  titles?: Partial<Record<NotificationLang, string | undefined>> | undefined;
  texts?: Partial<Record<NotificationLang, string | undefined>> | undefined;
  color?: string | undefined;
  web?: string | undefined;
}

function checkTitle(raw: string, option: string): string {
  const title = raw.trim();
  if (!title || title.length > 300 || CONTROL.test(title))
    throw new AdminError(`The title${option} must be 1–300 characters on one line.`);
  return title;
}

function checkText(raw: string, option: string): string {
  const text = raw.trim();
  if (!text) throw new AdminError(`The text${option} must not be empty.`);
  if (text.length > 10_000) throw new AdminError(`The text${option} must have at most 10,000 characters.`);
  return text;
}

/**
 * Sends a notification to one learner or to every learner who is not blocked; returns how many got it.
 * Both go as ONE `insert … select` over learners: the database copies the row to each recipient itself,
 * so 100,000 learners cost one statement, not 100,000 rows built and sent from here.
 */
export async function sendNotification(db: Db, input: NotifyInput, now = new Date()): Promise<number> {
  const hasLogin = input.login !== undefined && input.login.trim() !== '';
  if (hasLogin === !!input.all)
    throw new AdminError('Send to one learner (--login) or to all (--all), not both or neither.');
  const title = checkTitle(input.title, '');
  const text = checkText(input.text, '');
  const own: Record<string, string | null> = {};
  for (const lang of NOTIFICATION_LANGS) {
    const t = input.titles?.[lang];
    const x = input.texts?.[lang];
    own[`title_${lang}`] = t === undefined ? null : checkTitle(t, ` (--title-${lang})`);
    own[`text_${lang}`] = x === undefined ? null : checkText(x, ` (--text-${lang})`);
  }
  const color = input.color?.trim().toLowerCase() || 'info';
  if (!COLORS.includes(color as NotificationColor))
    throw new AdminError(`The colour "${input.color}" is unknown; use one of ${COLORS.join(', ')}.`);
  let web: string | null = null;
  if (input.web !== undefined && input.web.trim() !== '') {
    let url: URL | null = null;
    try {
      url = new URL(input.web.trim());
    } catch {
      /* reported below */
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
      throw new AdminError(`"${input.web}" is not a web link (http:// or https://).`);
    }
    web = url.href;
    if (web.length > 2000) throw new AdminError('The web link must have at most 2,000 characters.');
  }
  const learnerId = hasLogin ? (await learnerOrFail(db, input.login!)).id : null;
  const at = now.toISOString();
  // Typed casts: PostgreSQL cannot infer a bare parameter's type in a select list.
  const str = (value: string | null, type: 'varchar(300)' | 'varchar(2000)' | 'varchar(30)' | 'varchar(20)' | 'text') =>
    sql<string | null>`cast(${value} as ${sql.raw(type)})`;
  const columns = [
    'learner_id',
    'title',
    'text',
    ...NOTIFICATION_LANGS.flatMap((l) => [`title_${l}`, `text_${l}`] as const),
    'color',
    'web',
    'created_at',
  ] as const;
  const result = await db
    .insertInto('notifications')
    .columns(columns)
    .expression((eb) =>
      eb
        .selectFrom('learners')
        .select([
          'learners.id as learner_id',
          str(title, 'varchar(300)').as('title'),
          str(text, 'text').as('text'),
          ...NOTIFICATION_LANGS.flatMap((l) => [
            str(own[`title_${l}`] ?? null, 'varchar(300)').as(`title_${l}`),
            str(own[`text_${l}`] ?? null, 'text').as(`text_${l}`),
          ]),
          str(color, 'varchar(20)').as('color'),
          str(web, 'varchar(2000)').as('web'),
          str(at, 'varchar(30)').as('created_at'),
        ])
        .$if(learnerId !== null, (q) => q.where('learners.id', '=', learnerId!))
        .$if(learnerId === null, (q) => q.where('learners.blocked', '=', 0)),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
