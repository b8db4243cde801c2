// Question pictures reach the browser under content-hash names, never the authored file names
// (which can name the answer: signs/no-overtaking.svg).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/db/seed/demo';
import { loadContent } from '../../src/server/services/content';
import { clearMediaCache, mediaUrl } from '../../src/server/services/media';
import { syncQuestionContent } from '../../src/server/services/questions';
import { createTestDb, dialects, type TestDb } from '../support/db';

describe.each(dialects)('question media on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  let cookie = '';

  beforeAll(async () => {
    t = await createTestDb(dialect);
    await seedDemo(t.deps.db, t.clock.now);
    await syncQuestionContent(t.deps.db, loadContent());
    const res = await app.request('/rest/v1/core/authentication', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'learner', password: DEMO_PASSWORD }) }, { clientAddress: '10.7.0.1' });
    cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('shows an exam\'s pictures under hashed names and serves them with their bytes', async () => {
    const b = await t.deps.db.selectFrom('qualifications').select('id').where('code', '=', 'B').executeTakeFirstOrThrow();
    const exam = await (await app.request('/rest/v1/core/user/examinations/start/', {
      method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ qualification: b.id, prepare: false, continue: false, language: 'kz' }),
    })).json() as { questions: { image: string | null; image_alt: string | null; video: string | null }[] };
    const pictures = exam.questions.map((q) => q.image).filter((x): x is string => !!x);
    // Each picture comes with its description for screen readers, in the test's language.
    for (const q of exam.questions.filter((x) => x.image)) expect(q.image_alt, q.image!).toMatch(/[а-яәіңғүұқөһ]/i);
    for (const q of exam.questions.filter((x) => !x.image)) expect(q.image_alt).toBeNull();
    expect(pictures.length).toBeGreaterThan(5);
    for (const url of pictures) expect(url).toMatch(/^\/rest\/v1\/media\/[A-Za-z0-9_-]{22}\.svg$/);
    const res = await app.request(pictures[0]!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect((await res.text()).startsWith('<svg')).toBe(true);
  });

  it('gives the same file the same name, finds it in a fresh process, and knows nothing else', async () => {
    const url = mediaUrl('image', 'signs/give-way.svg')!;
    expect(url).not.toContain('give-way');
    expect(mediaUrl('image', 'signs/give-way.svg')).toBe(url);
    // Another app process has not hashed anything yet: it looks the name up among all questions.
    clearMediaCache();
    const res = await app.request(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(readFileSync('public/images/questions/signs/give-way.svg', 'utf8'));
    for (const bad of ['AAAAAAAAAAAAAAAAAAAAAA.svg', '..%2F..%2Fpackage.json', 'x.svg', `${url.split('/').pop()!.replace('.svg', '.js')}`]) {
      expect((await app.request(`/rest/v1/media/${bad}`, { headers: { 'accept-language': 'en' } })).status, bad).toBe(404);
    }
  });

  it('serves byte ranges (206, 416) so videos play and seek everywhere', async () => {
    const url = mediaUrl('video', 'intersections-equal-right.webm')!;
    const whole = await app.request(url);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const size = (await whole.arrayBuffer()).byteLength;
    const part = await app.request(url, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(10);
    const tail = await app.request(url, { headers: { range: 'bytes=-5' } });
    expect([tail.status, tail.headers.get('content-range')]).toEqual([206, `bytes ${size - 5}-${size - 1}/${size}`]);
    expect((await app.request(url, { headers: { range: `bytes=${size}-` } })).status).toBe(416);
  });

  it('answers 404 for a file that went away after it was hashed, and finds the new one under its new name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zhol-media-'));
    const previous = process.env.ZHOL_MEDIA_DIR;
    process.env.ZHOL_MEDIA_DIR = dir;
    try {
      mkdirSync(join(dir, 'images/questions/probe'), { recursive: true });
      const file = join(dir, 'images/questions/probe/x.svg');
      writeFileSync(file, '<svg xmlns="http://www.w3.org/2000/svg"><title>one</title></svg>');
      const first = mediaUrl('image', 'probe/x.svg')!;
      expect((await app.request(first)).status).toBe(200);
      rmSync(file);
      expect((await app.request(first, { headers: { 'accept-language': 'en' } })).status).toBe(404);
      writeFileSync(file, '<svg xmlns="http://www.w3.org/2000/svg"><title>two</title></svg>');
      const second = mediaUrl('image', 'probe/x.svg')!;
      expect(second).not.toBe(first);
      expect(await (await app.request(second)).text()).toContain('two');
    } finally {
      if (previous === undefined) delete process.env.ZHOL_MEDIA_DIR; else process.env.ZHOL_MEDIA_DIR = previous;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
