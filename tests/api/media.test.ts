// Question pictures reach the browser under content-hash names, never the authored file names
// (which can name the answer: signs/no-overtaking.svg).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { seedDemo } from '../../src/server/db/seed/demo';
import { loadContent } from '../../src/server/services/content';
import {
  clearMediaCache,
  flushMediaHashes,
  hashQuestionMedia,
  mediaUrl,
  resetMediaHashes,
  startHashingQuestionMedia,
} from '../../src/server/services/media';
import { syncQuestionContent } from '../../src/server/services/questions/sources';
import { signedIn } from '../support/client';
import { createTestDb, dialects, type TestDb } from '../support/db';

describe.each(dialects)('question media on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  let cookie = '';

  beforeAll(async () => {
    t = await createTestDb(dialect);
    await seedDemo(t.deps.db, t.clock.now);
    await syncQuestionContent(t.deps.db, loadContent());
    cookie = (await signedIn(app, 'learner')).cookie;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it("shows an exam's pictures under hashed names and serves them with their bytes", async () => {
    const b = await t.deps.db
      .selectFrom('qualifications')
      .select('id')
      .where('code', '=', 'B')
      .executeTakeFirstOrThrow();
    const exam = (await (
      await app.request('/rest/v1/core/user/examinations/start/', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ qualification: b.id, prepare: false, continue: false, language: 'kz' }),
      })
    ).json()) as { questions: { image: string | null; image_alt: string | null; video: string | null }[] };
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
    const url = (await mediaUrl('image', 'signs/give-way.svg'))!;
    expect(url).not.toContain('give-way');
    expect(await mediaUrl('image', 'signs/give-way.svg')).toBe(url);
    // Another app process has not hashed anything yet: it looks the name up among all questions.
    clearMediaCache();
    const res = await app.request(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(readFileSync('public/images/questions/signs/give-way.svg', 'utf8'));
    for (const bad of [
      'AAAAAAAAAAAAAAAAAAAAAA.svg',
      '..%2F..%2Fpackage.json',
      'x.svg',
      `${url.split('/').pop()!.replace('.svg', '.js')}`,
    ]) {
      expect((await app.request(`/rest/v1/media/${bad}`, { headers: { 'accept-language': 'en' } })).status, bad).toBe(
        404,
      );
    }
  });

  it('serves byte ranges (206, 416) so videos play and seek everywhere', async () => {
    const url = (await mediaUrl('video', 'intersections-equal-right.mp4'))!;
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
      const first = (await mediaUrl('image', 'probe/x.svg'))!;
      expect((await app.request(first)).status).toBe(200);
      rmSync(file);
      expect((await app.request(first, { headers: { 'accept-language': 'en' } })).status).toBe(404);
      writeFileSync(file, '<svg xmlns="http://www.w3.org/2000/svg"><title>two</title></svg>');
      const second = (await mediaUrl('image', 'probe/x.svg'))!;
      expect(second).not.toBe(first);
      expect(await (await app.request(second)).text()).toContain('two');
    } finally {
      if (previous === undefined) delete process.env.ZHOL_MEDIA_DIR;
      else process.env.ZHOL_MEDIA_DIR = previous;
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("hashes every question's media at start-up and keeps the hashes for the next start", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zhol-media-start-'));
    const previous = process.env.ZHOL_MEDIA_DIR;
    process.env.ZHOL_MEDIA_DIR = dir;
    try {
      resetMediaHashes();
      await startHashingQuestionMedia(t.deps.db);
      await hashQuestionMedia(t.deps.db); // the start-up's own pass, not another
      await flushMediaHashes();
      const cache = JSON.parse(readFileSync(join(dir, '.hashes.json'), 'utf8')) as Record<
        string,
        { hash: string; size: number }
      >;
      const rows = await t.deps.db.selectFrom('questions').select(['image', 'video']).execute();
      const shown = new Set(
        rows
          .flatMap((r) => [r.image && `images/questions/${r.image}`, r.video && `videos/questions/${r.video}`])
          .filter(Boolean),
      );
      expect(shown.size).toBeGreaterThan(10);
      for (const path of shown) {
        // From the build's copy when there is one (dist/client), else from public/.
        const entry = Object.entries(cache).find(([file]) => file.endsWith(`/${path}`));
        expect(entry, path!).toBeDefined();
        expect(entry![1].size).toBe(readFileSync(entry![0]).length);
      }
    } finally {
      if (previous === undefined) delete process.env.ZHOL_MEDIA_DIR;
      else process.env.ZHOL_MEDIA_DIR = previous;
      resetMediaHashes();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('streamed files', () => {
    let dir = '';
    let previous: string | undefined;
    // 300 KB of bytes that differ at every position, so a range off by one shows.
    const bytes = Buffer.from(Array.from({ length: 300 * 1024 }, (_, i) => (i * 7 + (i >> 8)) & 0xff));
    let url = '';
    const get = (headers: Record<string, string> = {}) =>
      app.request(url, { headers: { 'accept-language': 'en', ...headers } });

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'zhol-media-stream-'));
      previous = process.env.ZHOL_MEDIA_DIR;
      process.env.ZHOL_MEDIA_DIR = dir;
      resetMediaHashes();
      mkdirSync(join(dir, 'videos/questions'), { recursive: true });
      writeFileSync(join(dir, 'videos/questions/probe.webm'), bytes);
      url = (await mediaUrl('video', 'probe.webm'))!;
    });
    afterAll(() => {
      if (previous === undefined) delete process.env.ZHOL_MEDIA_DIR;
      else process.env.ZHOL_MEDIA_DIR = previous;
      resetMediaHashes();
      rmSync(dir, { recursive: true, force: true });
    });

    it('names the file by its content and sends all of it with its length', async () => {
      const { createHash } = await import('node:crypto');
      expect(url).toBe(`/rest/v1/media/${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}.webm`);
      const res = await get();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe(String(bytes.length));
      expect(res.headers.get('content-type')).toBe('video/webm');
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
      const head = await app.request(url, { method: 'HEAD', headers: { range: 'bytes=0-99' } });
      expect([head.status, head.headers.get('content-length'), head.headers.get('content-range')]).toEqual([
        206,
        '100',
        `bytes 0-99/${bytes.length}`,
      ]);
      expect(await head.text()).toBe('');
    });

    it('sends exactly the bytes each range asks for', async () => {
      const size = bytes.length;
      const cases: [string, number, number][] = [
        ['bytes=0-0', 0, 0],
        ['bytes=1000-1999', 1000, 1999],
        ['bytes=300000-', 300000, size - 1],
        ['bytes=-1', size - 1, size - 1],
        ['bytes=-100', size - 100, size - 1],
        ['bytes=-999999', 0, size - 1],
        ['bytes=5-999999', 5, size - 1],
        // Several ranges: the first is sent.
        ['bytes=10-19, 40-49', 10, 19],
      ];
      for (const [range, start, end] of cases) {
        const res = await get({ range });
        expect(res.status, range).toBe(206);
        expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${size}`);
        expect(res.headers.get('content-length'), range).toBe(String(end - start + 1));
        expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(start, end + 1)), range).toBe(true);
      }
    });

    it('answers 416 with the size for ranges past the end, and the whole file for ranges it cannot read', async () => {
      for (const range of [`bytes=${bytes.length}-`, 'bytes=999999-1000000', 'bytes=-0']) {
        const res = await get({ range });
        expect([res.status, res.headers.get('content-range')], range).toEqual([416, `bytes */${bytes.length}`]);
      }
      for (const range of ['bytes=20-10', 'items=0-5', 'bytes=abc', 'bytes=-']) {
        const res = await get({ range });
        expect(res.status, range).toBe(200);
        expect((await res.arrayBuffer()).byteLength, range).toBe(bytes.length);
      }
    });

    it('answers 304 to a browser that has the file, and ignores a range meant for another version', async () => {
      const etag = (await get()).headers.get('etag')!;
      expect(etag).toBe(`"${url.split('/').pop()!.split('.')[0]}"`);
      const cached = await get({ 'if-none-match': etag });
      expect(cached.status).toBe(304);
      expect(await cached.text()).toBe('');
      expect((await get({ 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
      expect((await get({ 'if-none-match': '"other"' })).status).toBe(200);
      expect((await get({ range: 'bytes=0-1', 'if-range': etag })).status).toBe(206);
      expect((await get({ range: 'bytes=0-1', 'if-range': '"old"' })).status).toBe(200);
    });

    it('remembers hashes across a restart by path, size and modification time', async () => {
      await new Promise((ok) => setTimeout(ok, 700)); // the cache file is written half a second after the last hash
      const cacheFile = join(dir, '.hashes.json');
      expect(existsSync(cacheFile)).toBe(true);
      const cache = JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, { hash: string }>;
      const file = join(dir, 'videos/questions/probe.webm');
      expect(cache[file]!.hash).toBe(url.split('/').pop()!.split('.')[0]);
      // A "restart" that finds a (planted) hash for the same size and time uses it without reading the file…
      cache[file]!.hash = 'PLANTEDxxxxxxxxxxxxxxx';
      writeFileSync(cacheFile, JSON.stringify(cache));
      resetMediaHashes();
      expect(await mediaUrl('video', 'probe.webm')).toBe('/rest/v1/media/PLANTEDxxxxxxxxxxxxxxx.webm');
      // …and rehashes a file whose modification time changed.
      utimesSync(file, new Date(), new Date(Date.now() - 60_000));
      resetMediaHashes();
      expect(await mediaUrl('video', 'probe.webm')).toBe(url);
    });

    it('answers 404, never 500, when the file vanished or changed after it was named', async () => {
      const file = join(dir, 'videos/questions/probe.webm');
      expect((await get({ range: 'bytes=0-0' })).status).toBe(206);
      writeFileSync(file, Buffer.concat([bytes, Buffer.from('more')]));
      expect((await get()).status).toBe(404);
      const renamed = (await mediaUrl('video', 'probe.webm'))!;
      expect(renamed).not.toBe(url);
      rmSync(file);
      const gone = await app.request(renamed, { headers: { 'accept-language': 'en', range: 'bytes=0-9' } });
      expect(gone.status).toBe(404);
      expect(await gone.json()).toMatchObject({ status: 404 });
      writeFileSync(file, bytes);
    });
  });
});
