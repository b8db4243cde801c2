// The operator's access commands (scripts/admin.ts): grant, revoke and list a learner's accesses,
// days given in Asia/Almaty.
import type { AccessType } from '../../shared/api/accesses';
import { almatyDate, almatyWallClock, DAY_MS, fromAlmatyWallClock } from '../../shared/time';
import { ACCESS_TARGET_TABLES, ACCESS_TYPES, isActive } from './accesses';
import { AdminError, learnerOrFail, type Db } from './admin-learners';
import { endTestsOfRevokedAccess } from './exam/revoke';

const MAX_DAYS = 3660;

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

  const table = ACCESS_TARGET_TABLES[type];
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

/**
 * Marks an access revoked (the row is kept for the record) and ends every test running under it
 * (services/exam/revoke.ts), in one transaction. Returns how many tests it ended.
 */
export async function revokeAccess(db: Db, accessId: number, now = new Date()): Promise<number> {
  // Ids are 32-bit integers in both databases; a larger number is no id (PostgreSQL would refuse it).
  if (!Number.isSafeInteger(accessId) || accessId < 1 || accessId > 2 ** 31 - 1)
    throw new AdminError(`"${accessId}" is not an access id.`);
  return db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('accesses')
      .set({ revoked_at: now.toISOString() })
      .where('id', '=', accessId)
      .where('revoked_at', 'is', null)
      .returning(['learner_id', 'type', 'target_id'])
      .executeTakeFirst();
    if (!revoked) {
      const exists = await trx
        .selectFrom('accesses')
        .select('revoked_at')
        .where('id', '=', accessId)
        .executeTakeFirst();
      throw new AdminError(
        exists ? `Access ${accessId} was already revoked at ${exists.revoked_at}.` : `No access with id ${accessId}.`,
      );
    }
    return endTestsOfRevokedAccess(trx, revoked, now);
  });
}

/** Every access of a learner, oldest first, with its target and status now. */
export async function listAccessRows(db: Db, login: string, now = new Date()): Promise<AccessRow[]> {
  const learner = await learnerOrFail(db, login);
  const rows = await db.selectFrom('accesses').selectAll().where('learner_id', '=', learner.id).orderBy('id').execute();
  const targets = new Map<string, { code: string; name: string }>();
  for (const type of ACCESS_TYPES) {
    const ids = [...new Set(rows.filter((r) => r.type === type).map((r) => r.target_id))];
    if (!ids.length) continue;
    const found = await db
      .selectFrom(ACCESS_TARGET_TABLES[type])
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
