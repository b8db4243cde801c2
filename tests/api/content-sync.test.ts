import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenQualifications, loadContent } from '../../src/server/services/content';
import { syncContent } from '../../src/server/services/content-sync';
import { readBankMeta } from '../../src/server/services/bank-meta';
import { bankFiles, readBank } from '../../src/server/services/questions/read';
import { createTestDb, dialects, type TestDb } from '../support/db';

describe.each(dialects)('content sync on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, { content: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const count = async (table: 'qualifications' | 'themes' | 'autodromes' | 'courses' | 'qualification_themes') =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('loads the repository content: 6 qualifications as a tree, 14 themes, 17 autodromes, the course', async () => {
    await syncContent(t.deps.db, loadContent());
    expect(await count('qualifications')).toBe(6);
    expect(await count('themes')).toBe(14);
    expect(await count('autodromes')).toBe(17);
    expect(await count('courses')).toBe(1);
    const be = await t.deps.db
      .selectFrom('qualifications as q')
      .innerJoin('qualifications as p', 'p.id', 'q.parent_id')
      .select(['q.code', 'p.code as parent'])
      .where('q.code', '=', 'BE')
      .executeTakeFirstOrThrow();
    expect(be.parent).toBe('B');
  });

  it('is idempotent: a second sync changes no ids and adds no rows', async () => {
    const before = await t.deps.db.selectFrom('qualifications').select(['id', 'code']).orderBy('id').execute();
    const links = await count('qualification_themes');
    await syncContent(t.deps.db, loadContent());
    expect(await t.deps.db.selectFrom('qualifications').select(['id', 'code']).orderBy('id').execute()).toEqual(before);
    expect(await count('qualification_themes')).toBe(links);
  });

  it('retires an item removed from content, keeps its row and the accesses that point at it, and revives it when it returns', async () => {
    const content = loadContent();
    const d = await t.deps.db
      .selectFrom('qualifications')
      .select('id')
      .where('code', '=', 'D')
      .executeTakeFirstOrThrow();
    const { id: learnerId } = await t.deps.db
      .insertInto('learners')
      .values({
        login: 'history',
        email: null,
        phone: null,
        phone_digits: null,
        fullname: 'H',
        password_hash: 'x',
        blocked: 0,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('accesses')
      .values({
        learner_id: learnerId,
        type: 'test',
        target_id: d.id,
        start_at: '2020-01-01T00:00:00.000Z',
        end_at: '2099-01-01T00:00:00.000Z',
        revoked_at: null,
        created_at: '2020-01-01T00:00:00.000Z',
      })
      .execute();

    await syncContent(t.deps.db, { ...content, qualifications: content.qualifications.filter((q) => q.code !== 'D') });
    const retired = await t.deps.db
      .selectFrom('qualifications')
      .selectAll()
      .where('code', '=', 'D')
      .executeTakeFirstOrThrow();
    expect(retired.id).toBe(d.id);
    expect(retired.retired_at).not.toBeNull();
    expect(await t.deps.db.selectFrom('accesses').select('id').where('target_id', '=', d.id).execute()).toHaveLength(1);

    await syncContent(t.deps.db, content);
    const back = await t.deps.db
      .selectFrom('qualifications')
      .selectAll()
      .where('code', '=', 'D')
      .executeTakeFirstOrThrow();
    expect(back.id).toBe(d.id);
    expect(back.retired_at).toBeNull();
  });

  it('updates names in place', async () => {
    const content = loadContent();
    const themes = content.themes.map((th) =>
      th.code === 'signs' ? { ...th, name: { ...th.name, en: 'Traffic signs' } } : th,
    );
    await syncContent(t.deps.db, { ...content, themes });
    expect(
      (await t.deps.db.selectFrom('themes').select('name_en').where('code', '=', 'signs').executeTakeFirstOrThrow())
        .name_en,
    ).toBe('Traffic signs');
    await syncContent(t.deps.db, content);
  });

  it('fills a lesson row’s video, captions and chapters, and leaves a video the operator replaced alone', async () => {
    const row = () =>
      t.deps.db
        .selectFrom('lessons')
        .select(['video_mp4', 'poster', 'duration', 'captions_kz', 'chapters_en', 'video_source', 'name_en'])
        .where('code', '=', 'lesson-02')
        .executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({
      video_mp4: '/media/course/lesson-02.mp4',
      poster: '/media/course/lesson-02.jpg',
      captions_kz: '/media/course/lesson-02.kz.vtt',
      chapters_en: '/media/course/lesson-02.chapters.en.vtt',
      video_source: 'content',
    });
    const operator = {
      video_mp4: '/media/operator/lesson-02.mp4',
      poster: '/media/operator/lesson-02.jpg',
      duration: 321,
      captions_kz: '/media/operator/lesson-02.kz.vtt',
      chapters_en: null,
      video_source: 'operator' as const,
    };
    await t.deps.db.updateTable('lessons').set(operator).where('code', '=', 'lesson-02').execute();
    const content = loadContent();
    const renamed = {
      ...content,
      courses: content.courses.map((c) => ({
        ...c,
        modules: c.modules.map((m) => ({
          ...m,
          lessons: m.lessons.map((l) => (l.code === 'lesson-02' ? { ...l, name: { ...l.name, en: 'Who is who' } } : l)),
        })),
      })),
    };
    await syncContent(t.deps.db, renamed);
    expect(await row()).toEqual({ ...operator, name_en: 'Who is who' });
    // Back to content's video once the operator's mark is gone.
    await t.deps.db.updateTable('lessons').set({ video_source: 'content' }).where('code', '=', 'lesson-02').execute();
    await syncContent(t.deps.db, content);
    expect(await row()).toMatchObject({
      video_mp4: '/media/course/lesson-02.mp4',
      chapters_en: '/media/course/lesson-02.chapters.en.vtt',
    });
  });
});

describe('content validation', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'zhol-content-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function withEdit(file: string, edit: (text: string) => string): string {
    const copy = mkdtempSync(join(dir, 'c-'));
    cpSync('content', copy, { recursive: true });
    writeFileSync(join(copy, file), edit(readFileSync(join(copy, file), 'utf8')));
    return copy;
  }

  it('names the file and the place of a problem', () => {
    const bad = withEdit('themes.yaml', (s) =>
      s.replace('code: signs\n  name: { ru: Дорожные знаки,', 'code: signs\n  name: { ru: "",'),
    );
    expect(() => loadContent(bad)).toThrow(/themes\.yaml at \d+\.name\.ru/);
  });

  it('rejects a blueprint that does not add up to the exam size, and an unknown theme', () => {
    const sum = withEdit('qualifications.yaml', (s) => s.replace('signs: 6, markings: 3', 'signs: 7, markings: 3'));
    expect(() => loadContent(sum)).toThrow(/B blueprint has 41 questions, the exam 40/);
    const unknown = withEdit('qualifications.yaml', (s) =>
      s.replace('vehicle: 1 }\n  children', 'vehicles: 1 }\n  children'),
    );
    expect(() => loadContent(unknown)).toThrow(/names unknown theme vehicles/);
  });

  it('every picture the repository content names exists under public/', () => {
    const content = loadContent('content');
    const pictures = [...flattenQualifications(content.qualifications), ...content.autodromes, ...content.courses].map(
      (item) => item.picture,
    );
    expect(pictures.every(Boolean)).toBe(true);
    const missing = pictures.filter((p) => !existsSync(join('public', p!)));
    expect(missing).toEqual([]);
  });

  it('every picture of the built-in question bank is described for screen readers in three languages', () => {
    const bank = readBank(bankFiles('content/questions'), {
      themes: new Set(loadContent('content').themes.map((th) => th.code)),
    });
    const pictured = bank.questions.filter((q) => q.image);
    expect(pictured.length).toBeGreaterThan(100);
    expect(pictured.filter((q) => !q.image_alt).map((q) => q.id)).toEqual([]);
  });

  it('the built-in bank.yaml is in the format an import must use (version, dated changes in three languages)', () => {
    expect(readBankMeta('content/questions/bank.yaml').problems).toEqual([]);
    expect(readBankMeta('content/questions/bank.yaml').meta?.changelog.length).toBeGreaterThan(0);
  });
});
