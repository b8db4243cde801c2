// The signed-in learner's own data: profile, session check, accesses, qualifications, themes.
import { Hono } from 'hono';
import { z } from 'zod';
import { bracketQuery, idParam, requireAuth, type Env } from '../context';
import { ApiError } from '../errors';
import { accessFlags, listAccesses, testableQualificationIds } from '../services/accesses';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const userRoutes = new Hono<Env>({ strict: false })
  .use(requireAuth)
  .get('/profile', async (c) => {
    const { db, now } = c.get('deps');
    const learner = c.get('learner');
    const unread = await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('learner_id', '=', learner.id).where('read_at', 'is', null).executeTakeFirstOrThrow();
    return c.json({
      id: learner.id,
      fullname: learner.fullname,
      notifications: Number(unread.n),
      accesses: await accessFlags(db, learner.id, now()),
    });
  })
  .get('/profile/language', (c) => c.json({ id: c.get('learner').id, language: c.get('locale') }))
  .get('/accesses', async (c) => {
    const { db, now } = c.get('deps');
    const query = bracketQuery(c, z.object({
      filter: z.object({ active: bool.optional(), type: z.enum(['test', 'autodrome', 'education']).optional() }).strict().optional(),
    }));
    const data = await listAccesses(db, c.get('learner').id, c.get('locale'), {
      ...(query.filter?.active !== undefined ? { active: query.filter.active } : {}),
      ...(query.filter?.type ? { type: query.filter.type } : {}),
    }, now());
    return c.json({ data });
  })
  .get('/access/qualifications', async (c) => {
    const { db, now } = c.get('deps');
    const locale = c.get('locale');
    const allowed = await testableQualificationIds(db, c.get('learner').id, now());
    if (!allowed.size) return c.json({ data: [] });
    const rows = await db.selectFrom('qualifications')
      .select(['id', 'parent_id', `name_${locale} as name` as 'name_ru as name', 'picture', 'exam_questions', 'exam_minutes', 'allowed_mistakes'])
      .where('id', 'in', [...allowed]).where('retired_at', 'is', null).orderBy('sort').execute();
    const accesses = await listAccesses(db, c.get('learner').id, locale, { active: true, type: 'test' }, now());
    // Several accesses to one target: the latest end counts.
    const ends = new Map<number, string>();
    for (const a of accesses) if ((ends.get(a.target.id) ?? '') < a.date_end) ends.set(a.target.id, a.date_end);
    const view = (r: (typeof rows)[number]) => ({
      id: r.id, name: r.name, picture: r.picture, date_end: ends.get(r.id) ?? ends.get(r.parent_id ?? -1) ?? null,
      exam: { questions: r.exam_questions, minutes: r.exam_minutes, allowed_mistakes: r.allowed_mistakes },
    });
    // Top-level entries carry their children (the selected one is listed with its children).
    const top = rows.filter((r) => r.parent_id === null || !allowed.has(r.parent_id));
    return c.json({ data: top.map((r) => ({ ...view(r), children: rows.filter((ch) => ch.parent_id === r.id).map(view) })) });
  })
  .get('/access/qualification/themes', async (c) => {
    const { db, now } = c.get('deps');
    const { qualification } = bracketQuery(c, z.object({ qualification: idParam }));
    const exists = await db.selectFrom('qualifications').select('id').where('id', '=', qualification).executeTakeFirst();
    if (!exists) throw new ApiError(404, 'errors.qualificationNotFound');
    const allowed = await testableQualificationIds(db, c.get('learner').id, now());
    if (!allowed.has(qualification)) throw new ApiError(403, 'errors.noAccess');
    const locale = c.get('locale');
    const themes = await db.selectFrom('qualification_themes as qt').innerJoin('themes as t', 't.id', 'qt.theme_id')
      .select(['t.id', `t.name_${locale} as name` as 't.name_ru as name', 't.code', 'qt.exam_questions'])
      .where('qt.qualification_id', '=', qualification).where('t.retired_at', 'is', null).orderBy('qt.sort').execute();
    return c.json({ data: themes.map((t) => ({ id: t.id, code: t.code, name: t.name, exam_questions: t.exam_questions })) });
  });
