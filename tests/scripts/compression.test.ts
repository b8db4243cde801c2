// Bytes on the wire (scripts/compression.mjs): what scripts/server.mjs puts in front of Astro and
// the API. Real HTTP over loopback; the API case runs the real Hono app behind the same listener
// the production server uses.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addVary,
  chooseEncoding,
  compressResponse,
  precompressDir,
  precompressedFiles,
  servePrecompressed,
} from '../../scripts/compression.mjs';
import { createApp } from '../../src/server/app';
import { mediaUrl, resetMediaHashes } from '../../src/server/services/media';
import { createTestDb, type TestDb } from '../support/db';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** GETs through node:http (fetch would decode for us) and returns the raw bytes and headers. */
function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((ok, fail) => {
    http
      .request(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', fail)
      .end();
  });
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

async function listen(handler: Handler): Promise<{ base: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((ok) => server.close(() => ok())) };
}

const bigJson = JSON.stringify({
  items: Array.from({ length: 200 }, (_, i) => ({ id: i, text: `Вопрос номер ${i}`, ok: i % 3 === 0 })),
});
const page = `<!doctype html><html><body>${Array.from({ length: 300 }, (_, i) => `<p>Строка ${i}</p>`).join('')}</body></html>`;

describe('choosing an encoding', () => {
  it('prefers br, then gzip, and honours q=0 and *', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0.5, br;q=0.9')).toBe('br');
    expect(chooseEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('br', ['gzip'])).toBeNull();
  });
});

describe('dynamic responses', () => {
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    server = await listen((req, res) => {
      compressResponse(req, res);
      const url = req.url ?? '';
      if (url === '/json') {
        // Like Hono: head and whole body at once, a strong ETag and a Vary of its own.
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(bigJson)),
          etag: '"v1"',
          vary: 'Accept-Language',
        });
        res.end(bigJson);
      } else if (url === '/small') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"status":"ok"}');
      } else if (url === '/stream' || url === '/stream-small') {
        // Like Astro: a head without a length, then the page in pieces.
        res.writeHead(200, { 'content-type': 'text/html' });
        const text = url === '/stream' ? page : '<p>hi</p>';
        const pieces = text.match(/[\s\S]{1,100}/g)!;
        let i = 0;
        const next = () => {
          if (i < pieces.length) {
            res.write(pieces[i++]);
            setImmediate(next);
          } else res.end();
        };
        next();
      } else if (url === '/range') {
        res.writeHead(206, {
          'content-type': 'application/json',
          'content-range': `bytes 0-1999/5000`,
          'content-length': '2000',
        });
        res.end(Buffer.alloc(2000, 'a'));
      } else if (url === '/picture') {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': '5000' });
        res.end(Buffer.alloc(5000));
      } else if (url === '/implicit') {
        // Like `send`: headers set one by one, the head written by the first write.
        res.setHeader('Content-Type', 'text/css; charset=utf-8');
        res.setHeader('Vary', 'Origin');
        res.write(page.slice(0, 700));
        res.end(page.slice(700));
      } else {
        res.writeHead(404).end();
      }
    });
  });
  afterAll(() => server.close());

  it('sends JSON above 1 KB as br or gzip that decodes to the same body, keeping its Vary', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const res = await get(server.base, '/json', { 'accept-encoding': accept, 'accept-language': 'kz' });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-length']).toBeUndefined();
      expect(res.body.length).toBeLessThan(Buffer.byteLength(bigJson) / 3);
      expect(decode(res.body, encoding).toString()).toBe(bigJson);
      expect(res.headers.vary).toBe('Accept-Language, Accept-Encoding');
      // The compressed bytes are not the original's: the validator says so.
      expect(res.headers.etag).toBe('W/"v1"');
    }
  });

  it('sends it as it is to a browser that takes no encoding, still saying it varies', async () => {
    for (const accept of [undefined, 'identity', 'gzip;q=0, br;q=0']) {
      const res = await get(server.base, '/json', accept ? { 'accept-encoding': accept } : {});
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.body.toString()).toBe(bigJson);
      expect(res.headers.etag).toBe('"v1"');
      expect(res.headers.vary).toBe('Accept-Language, Accept-Encoding');
    }
  });

  it('streams a page of unknown length compressed, and sends a small one as it is with its length', async () => {
    const big = await get(server.base, '/stream', { 'accept-encoding': 'gzip, br' });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['transfer-encoding']).toBe('chunked');
    expect(decode(big.body, 'br').toString()).toBe(page);
    const gz = await get(server.base, '/stream', { 'accept-encoding': 'gzip' });
    expect(decode(gz.body, gz.headers['content-encoding']).toString()).toBe(page);
    const small = await get(server.base, '/stream-small', { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['content-length']).toBe('9');
    expect(small.body.toString()).toBe('<p>hi</p>');
    expect(small.headers.vary).toBe('Accept-Encoding');
    const tiny = await get(server.base, '/small', { 'accept-encoding': 'gzip, br' });
    expect([tiny.headers['content-encoding'], tiny.body.toString(), tiny.headers.vary]).toEqual([
      undefined,
      '{"status":"ok"}',
      'Accept-Encoding',
    ]);
  });

  it('compresses a body whose head the first write made, merging Vary', async () => {
    const res = await get(server.base, '/implicit', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decode(res.body, 'gzip').toString()).toBe(page);
    expect(res.headers.vary).toBe('Origin, Accept-Encoding');
  });

  it('leaves range answers, pictures and HEAD alone', async () => {
    const range = await get(server.base, '/range', { 'accept-encoding': 'gzip, br', range: 'bytes=0-1999' });
    expect([
      range.status,
      range.headers['content-encoding'],
      range.headers['content-length'],
      range.body.length,
    ]).toEqual([206, undefined, '2000', 2000]);
    const picture = await get(server.base, '/picture', { 'accept-encoding': 'gzip, br' });
    expect([picture.headers['content-encoding'], picture.headers.vary, picture.body.length]).toEqual([
      undefined,
      undefined,
      5000,
    ]);
    const head = await get(server.base, '/json', { 'accept-encoding': 'gzip, br' }, 'HEAD');
    expect([head.headers['content-encoding'], head.headers['content-length'], head.headers.vary]).toEqual([
      undefined,
      String(Buffer.byteLength(bigJson)),
      'Accept-Language, Accept-Encoding',
    ]);
  });

  it('merges Vary without repeating it', () => {
    const headers = new Map<string, unknown>();
    const res = {
      getHeader: (k: string) => headers.get(k),
      setHeader: (k: string, v: unknown) => headers.set(k, v),
    } as unknown as ServerResponse;
    addVary(res);
    addVary(res);
    expect(headers.get('Vary')).toBe('Accept-Encoding');
    headers.set('Vary', '*');
    addVary(res);
    expect(headers.get('Vary')).toBe('*');
  });
});

describe('the API behind the production listener', () => {
  let t: TestDb;
  let server: Awaited<ReturnType<typeof listen>>;
  let dir = '';
  const previous = process.env.ZHOL_MEDIA_DIR;
  beforeAll(async () => {
    t = await createTestDb('sqlite');
    const listener = getRequestListener(
      (request) => createApp(async () => t.deps).fetch(request, { clientAddress: '127.0.0.1' }),
      { overrideGlobalObjects: false },
    );
    server = await listen((req, res) => {
      compressResponse(req, res);
      void listener(req, res);
    });
    dir = mkdtempSync(join(tmpdir(), 'zhol-compress-media-'));
    process.env.ZHOL_MEDIA_DIR = dir;
    resetMediaHashes();
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await t.close();
    if (previous === undefined) delete process.env.ZHOL_MEDIA_DIR;
    else process.env.ZHOL_MEDIA_DIR = previous;
    resetMediaHashes();
    rmSync(dir, { recursive: true, force: true });
  });

  it('compresses a large JSON answer and not a small one', async () => {
    const raw = await get(server.base, '/rest/v1/domain/online/locale?code=kz');
    expect(raw.body.length).toBeGreaterThan(1024);
    const br = await get(server.base, '/rest/v1/domain/online/locale?code=kz', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(decode(br.body, 'br').equals(raw.body)).toBe(true);
    expect(br.headers.vary).toContain('Accept-Encoding');
    const health = await get(server.base, '/rest/health', { 'accept-encoding': 'br, gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
  });

  it('never compresses media, whole or in ranges', async () => {
    mkdirSync(join(dir, 'images/questions'), { recursive: true });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(200)}</svg>`;
    writeFileSync(join(dir, 'images/questions/big.svg'), svg);
    const url = (await mediaUrl('image', 'big.svg'))!;
    const whole = await get(server.base, url, { 'accept-encoding': 'gzip, br' });
    expect([whole.status, whole.headers['content-encoding'], whole.body.toString()]).toEqual([200, undefined, svg]);
    const part = await get(server.base, url, { 'accept-encoding': 'gzip, br', range: 'bytes=10-2009' });
    expect([part.status, part.headers['content-encoding'], part.body.toString()]).toEqual([
      206,
      undefined,
      svg.slice(10, 2010),
    ]);
  });
});

describe('precompressed static files', () => {
  let root = '';
  let server: Awaited<ReturnType<typeof listen>>;
  const js = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `слово-${i}`))};\n`;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'zhol-precompress-'));
    mkdirSync(join(root, '_astro'));
    mkdirSync(join(root, 'ru/rules'), { recursive: true });
    writeFileSync(join(root, '_astro/app.js'), js);
    writeFileSync(join(root, '_astro/tiny.js'), 'export {};\n');
    writeFileSync(join(root, 'ru/rules/index.html'), page);
    // Random bytes do not compress: no copy is worth keeping.
    writeFileSync(join(root, 'noise.txt'), randomBytes(4096));
    writeFileSync(join(root, 'photo.png'), Buffer.alloc(4096));
    precompressDir(root);
    const files = precompressedFiles(root);
    server = await listen((req, res) => {
      if (servePrecompressed(req, res, files)) return;
      res.writeHead(299, { 'content-type': 'text/plain' }).end('fallback');
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes br and gz copies only where they help', () => {
    expect(brotliDecompressSync(readFileSync(join(root, '_astro/app.js.br'))).toString()).toBe(js);
    expect(gunzipSync(readFileSync(join(root, 'ru/rules/index.html.gz'))).toString()).toBe(page);
    for (const skipped of [
      '_astro/tiny.js.br',
      '_astro/tiny.js.gz',
      'noise.txt.br',
      'noise.txt.gz',
      'photo.png.br',
      'photo.png.gz',
    ]) {
      expect(() => readFileSync(join(root, skipped)), skipped).toThrow();
    }
  });

  it('serves the copy the browser prefers with the original type, its length and Vary', async () => {
    const br = await get(server.base, '/_astro/app.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect([br.status, br.headers['content-encoding'], br.headers['content-type']]).toEqual([
      200,
      'br',
      'text/javascript; charset=utf-8',
    ]);
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(decode(br.body, 'br').toString()).toBe(js);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    const gz = await get(server.base, '/_astro/app.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect([gz.headers['content-encoding'], decode(gz.body, 'gzip').toString()]).toEqual(['gzip', js]);
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    for (const path of ['/ru/rules/', '/ru/rules', '/ru/rules/index.html']) {
      const html = await get(server.base, path, { 'accept-encoding': 'br' });
      expect(
        [html.headers['content-type'], decode(html.body, html.headers['content-encoding']).toString()],
        path,
      ).toEqual(['text/html; charset=utf-8', page]);
    }
    const cached = await get(server.base, '/_astro/app.js', {
      'accept-encoding': 'br',
      'if-none-match': br.headers.etag!,
    });
    expect([cached.status, cached.body.length]).toEqual([304, 0]);
    const head = await get(server.base, '/_astro/app.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect([head.headers['content-length'], head.body.length]).toEqual([String(br.body.length), 0]);
  });

  it('leaves the original to the static handler when the browser takes no encoding or there is no copy', async () => {
    const plain = await get(server.base, '/_astro/app.js', { 'accept-encoding': 'identity' });
    expect([plain.status, plain.body.toString()]).toEqual([299, 'fallback']);
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect((await get(server.base, '/_astro/tiny.js', { 'accept-encoding': 'br' })).status).toBe(299);
    expect((await get(server.base, '/photo.png', { 'accept-encoding': 'br' })).status).toBe(299);
    expect((await get(server.base, '/noise.txt', { 'accept-encoding': 'br' })).status).toBe(299);
    expect((await get(server.base, '/_astro/app.js', { 'accept-encoding': 'br' }, 'POST')).status).toBe(299);
  });
});
