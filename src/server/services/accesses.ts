// What a learner has bought: accesses of three types, each to a target (a qualification, an
// autodrome, the course), active between start and end unless revoked.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Locale } from '../../i18n/locales';
import type { AccessFlags, AccessType, AccessView } from '../../shared/api/accesses';
import { localized } from '../db/localized';
import type { Database } from '../db/schema';

/** Where each type's targets live. */
export const ACCESS_TARGET_TABLES = { test: 'qualifications', autodrome: 'autodromes', education: 'courses' } as const;
export const ACCESS_TYPES = Object.keys(ACCESS_TARGET_TABLES) as readonly AccessType[];

// The one rule for "an access is active": not revoked, begun, not yet ended (end exclusive). The
// predicate serves rows already read; `activeAccess` is the same rule inside a query.
type AccessTimes = { start_at: string; end_at: string; revoked_at: string | null };

export function isActive(a: AccessTimes, now: Date): boolean {
  const at = now.toISOString();
  return a.revoked_at === null && a.start_at <= at && a.end_at > at;
}

/** `isActive` as a where-condition on the `accesses` table, or on it under an alias (`accesses as a`). */
export function activeAccess(now: Date, table = 'accesses'): Expression<SqlBool> {
  const at = now.toISOString();
  const column = (name: keyof AccessTimes) => sql.ref(`${table}.${name}`);
  return sql<SqlBool>`(${column('revoked_at')} is null and ${column('start_at')} <= ${at} and ${column('end_at')} > ${at})`;
}

export async function listAccesses(
  db: Kysely<Database>,
  learnerId: number,
  locale: Locale,
  opts: { active?: boolean; type?: AccessType } = {},
  now = new Date(),
): Promise<AccessView[]> {
  let query = db.selectFrom('accesses').selectAll().where('learner_id', '=', learnerId);
  if (opts.type) query = query.where('type', '=', opts.type);
  const rows = await query.orderBy('type').orderBy('id').execute();
  const names = new Map<string, { id: number; name: string; picture: string | null; retired: boolean }>();
  for (const type of ACCESS_TYPES) {
    const ids = [...new Set(rows.filter((r) => r.type === type).map((r) => r.target_id))];
    if (!ids.length) continue;
    const targets = await db
      .selectFrom(ACCESS_TARGET_TABLES[type])
      .select(['id', localized(locale, 'name'), 'picture', 'retired_at'])
      .where('id', 'in', ids)
      .execute();
    for (const t of targets)
      names.set(`${type}:${t.id}`, { id: t.id, name: t.name, picture: t.picture, retired: t.retired_at !== null });
  }
  const views = rows.map((r) => {
    const { retired, ...target } = names.get(`${r.type}:${r.target_id}`) ?? {
      id: r.target_id,
      name: '',
      picture: null,
      retired: true,
    };
    // A target removed from content keeps its row (and the learner's history) but can't be used.
    return {
      id: r.id,
      type: r.type,
      can: isActive(r, now) && !retired,
      target,
      date_start: r.start_at,
      date_end: r.end_at,
    };
  });
  // filter[active]=true: only what can be used now; false: only what can't (ended, future, revoked, retired).
  return opts.active === undefined ? views : views.filter((v) => v.can === opts.active);
}

/** The profile's flags: an access of that type can be used now (same rule as `can`). */
export async function accessFlags(db: Kysely<Database>, learnerId: number, now = new Date()): Promise<AccessFlags> {
  const types = new Set((await listAccesses(db, learnerId, 'ru', { active: true }, now)).map((a) => a.type));
  return { test: types.has('test'), autodrome: types.has('autodrome'), education: types.has('education') };
}

/** Qualification ids a learner may test in now: those with an active test access and their children. */
export async function testableQualificationIds(
  db: Kysely<Database>,
  learnerId: number,
  now = new Date(),
): Promise<Set<number>> {
  const direct = await db
    .selectFrom('accesses')
    .select('target_id')
    .where('learner_id', '=', learnerId)
    .where('type', '=', 'test')
    .where(activeAccess(now))
    .execute();
  const live = direct.length
    ? await db
        .selectFrom('qualifications')
        .select('id')
        .where(
          'id',
          'in',
          direct.map((r) => r.target_id),
        )
        .where('retired_at', 'is', null)
        .execute()
    : [];
  const ids = new Set(live.map((r) => r.id));
  if (ids.size) {
    const children = await db
      .selectFrom('qualifications')
      .select('id')
      .where('parent_id', 'in', [...ids])
      .where('retired_at', 'is', null)
      .execute();
    children.forEach((c) => ids.add(c.id));
  }
  return ids;
}
