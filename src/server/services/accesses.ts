// What a learner has bought: accesses of three types, each to a target (a qualification, an
// autodrome, the course), active between start and end unless revoked.
import type { Kysely } from 'kysely';
import type { Locale } from '../../i18n/locales';
import type { AccessType, Database } from '../db/schema';

export interface AccessView {
  id: number;
  type: AccessType;
  can: boolean;
  target: { id: number; name: string; picture: string | null };
  date_start: string;
  date_end: string;
}

const targetTable = { test: 'qualifications', autodrome: 'autodromes', education: 'courses' } as const;

export function isActive(a: { start_at: string; end_at: string; revoked_at: string | null }, now: Date): boolean {
  const at = now.toISOString();
  return a.revoked_at === null && a.start_at <= at && a.end_at > at;
}

export async function listAccesses(db: Kysely<Database>, learnerId: number, locale: Locale, opts: { active?: boolean; type?: AccessType } = {}, now = new Date()): Promise<AccessView[]> {
  let query = db.selectFrom('accesses').selectAll().where('learner_id', '=', learnerId);
  if (opts.type) query = query.where('type', '=', opts.type);
  if (opts.active) {
    const at = now.toISOString();
    query = query.where('revoked_at', 'is', null).where('start_at', '<=', at).where('end_at', '>', at);
  }
  const rows = await query.orderBy('type').orderBy('id').execute();
  const names = new Map<string, { id: number; name: string; picture: string | null }>();
  for (const type of Object.keys(targetTable) as AccessType[]) {
    const ids = [...new Set(rows.filter((r) => r.type === type).map((r) => r.target_id))];
    if (!ids.length) continue;
    const targets = await db.selectFrom(targetTable[type]).select(['id', `name_${locale} as name` as 'name_ru as name', 'picture'])
      .where('id', 'in', ids).execute();
    for (const t of targets) names.set(`${type}:${t.id}`, { id: t.id, name: t.name, picture: t.picture });
  }
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    can: isActive(r, now),
    target: names.get(`${r.type}:${r.target_id}`) ?? { id: r.target_id, name: '', picture: null },
    date_start: r.start_at,
    date_end: r.end_at,
  }));
}

export async function accessFlags(db: Kysely<Database>, learnerId: number, now = new Date()) {
  const at = now.toISOString();
  const rows = await db.selectFrom('accesses').select('type').distinct().where('learner_id', '=', learnerId)
    .where('revoked_at', 'is', null).where('start_at', '<=', at).where('end_at', '>', at).execute();
  const types = new Set(rows.map((r) => r.type));
  return { test: types.has('test'), autodrome: types.has('autodrome'), education: types.has('education') };
}

/** Qualification ids a learner may test in now: those with an active test access and their children. */
export async function testableQualificationIds(db: Kysely<Database>, learnerId: number, now = new Date()): Promise<Set<number>> {
  const at = now.toISOString();
  const direct = await db.selectFrom('accesses').select('target_id').where('learner_id', '=', learnerId)
    .where('type', '=', 'test').where('revoked_at', 'is', null).where('start_at', '<=', at).where('end_at', '>', at).execute();
  const ids = new Set(direct.map((r) => r.target_id));
  if (ids.size) {
    const children = await db.selectFrom('qualifications').select('id').where('parent_id', 'in', [...ids])
      .where('retired_at', 'is', null).execute();
    children.forEach((c) => ids.add(c.id));
  }
  return ids;
}
