// GET /rest/v1/domain/online/streams: the broadcasts from content or a configured list, each checked
// for embeddability by a provider — here a local HTTP server this test starts (never the internet),
// including a provider that never answers (timeout) and one that fails. The call answers at once
// from the cache; the test waits on the service's refresh, never on time. The call uses no database,
// so one dialect is enough.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { frameOrigins, parseServerConfig, type ServerConfig } from '../../src/server/config';
import type { Deps } from '../../src/server/context';
import type { StreamsSnapshot } from '../../src/shared/api/streams';
import { streamsService } from '../../src/server/services/streams';
import { createTestDb, type TestDb } from '../support/db';

const text = (name: string) => ({ ru: `${name} ru`, kz: `${name} kz`, en: `${name} en` });

/** The provider: `ok` links embed (200), `gone` ones do not (404), `slow` never answer, `fail` 500. */
let provider: http.Server;
let base = '';
const hits: string[] = [];
const hanging: http.ServerResponse[] = [];
let list: unknown = [];

function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url!, 'http://x');
  hits.push(`${url.pathname} ${url.searchParams.get('url') ?? ''}`);
  const target = url.searchParams.get('url') ?? '';
  const hang = () => hanging.push(res);
  if (url.pathname === '/list') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
  } else if (url.pathname === '/list-slow') hang();
  else if (url.pathname === '/list-fail') res.writeHead(500).end('down');
  else if (url.pathname === '/list-bad') res.writeHead(200, { 'content-type': 'application/json' }).end('[{"id":1}]');
  else if (url.pathname === '/check-fail') res.writeHead(503).end();
  else if (target.includes('slow')) hang();
  else if (target.includes('ok')) res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":"video"}');
  else if (target.includes('fail')) res.writeHead(500).end();
  else res.writeHead(404).end();
}

const stream = (id: string, embedOrigin = 'https://embed.example') => ({
  id,
  centre: text(`centre ${id}`),
  city: text(`city ${id}`),
  link: `https://watch.example/${id}`,
  embed: `${embedOrigin}/embed/${id}`,
});

let t: TestDb;
let dir: string;

beforeAll(async () => {
  provider = http.createServer(handle);
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  t = await createTestDb('sqlite', { content: false });
  dir = mkdtempSync(join(tmpdir(), 'zhol-streams-'));
  mkdirSync(dir, { recursive: true });
  // Content order on purpose not the answer's: the unavailable and slow ones come first.
  writeFileSync(
    join(dir, 'streams.yaml'),
    JSON.stringify([
      stream('gone-1'),
      stream('slow-1'),
      stream('ok-1'),
      stream('fail-1'),
      stream('ok-other-origin', 'https://elsewhere.example'),
      stream('ok-2'),
    ]),
  );
}, 60_000);

afterAll(async () => {
  for (const res of hanging) res.destroy();
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  hits.length = 0;
});

function configWith(env: Record<string, string>): ServerConfig {
  return parseServerConfig({
    ZHOL_CONTENT_DIR: dir,
    ZHOL_STREAM_CHECK_URL: `${base}/check?url={url}`,
    ZHOL_STREAM_EMBED_ORIGINS: 'https://embed.example',
    ZHOL_STREAM_CHECK_TIMEOUT_MS: '300',
    ...env,
  });
}

async function call(config: ServerConfig): Promise<{ status: number; body: { data: StreamsSnapshot } }> {
  const deps: Deps = { ...t.deps, config };
  const res = await createApp(async () => deps).request('/rest/v1/domain/online/streams', {
    headers: { 'accept-language': 'en' },
  });
  return { status: res.status, body: (await res.json()) as { data: StreamsSnapshot } };
}

const ids = (s: StreamsSnapshot) => s.streams.map((x) => `${x.id}:${x.status}`);

describe('the streams call', () => {
  it('answers at once while the checks run, then sorts available first, keeping content order', async () => {
    const config = configWith({});
    const first = await call(config);
    expect(first.status).toBe(200);
    // Not one check had finished: the slow provider is still holding its request.
    expect(first.body.data.checking).toBe(true);
    expect(ids(first.body.data)).toEqual([
      'gone-1:checking',
      'slow-1:checking',
      'ok-1:checking',
      'fail-1:checking',
      'ok-2:checking',
      // Its player is on an origin the CSP does not frame: a link, and the provider is not asked.
      'ok-other-origin:unavailable',
    ]);
    await streamsService(config).idle();
    const second = await call(config);
    expect(second.body.data.checking).toBe(false);
    expect(ids(second.body.data)).toEqual([
      'ok-1:available',
      'ok-2:available',
      'gone-1:unavailable',
      // Timed out (the provider never answered) and failed (500): not embeddable.
      'slow-1:unavailable',
      'fail-1:unavailable',
      'ok-other-origin:unavailable',
    ]);
    const ok = second.body.data.streams[0]!;
    expect(ok).toEqual({
      id: 'ok-1',
      centre: text('centre ok-1'),
      city: text('city ok-1'),
      link: 'https://watch.example/ok-1',
      embed: 'https://embed.example/embed/ok-1',
      status: 'available',
    });
    // Unavailable streams carry no player, only their link.
    expect(second.body.data.streams.filter((s) => s.status !== 'available').every((s) => s.embed === null)).toBe(true);
    expect(hits.filter((h) => h.startsWith('/check')).sort()).toEqual(
      ['fail-1', 'gone-1', 'ok-1', 'ok-2', 'slow-1'].map((id) => `/check https://watch.example/${id}`).sort(),
    );
    expect(hits.some((h) => h.includes('ok-other-origin'))).toBe(false);
  });

  it('reuses the checks until they are stale, then answers from the old ones while refreshing', async () => {
    const config = configWith({ ZHOL_STREAM_CACHE_SECONDS: '600' });
    await call(config);
    await streamsService(config).idle();
    const checked = hits.length;
    expect(checked).toBe(5);
    // Within the cache time: no provider call at all.
    await call(config);
    await call(config);
    expect(streamsService(config)['running']).toBeNull();
    expect(hits.length).toBe(checked);
    // Past it: the answer is still the cached one at once, and a refresh asks the provider again.
    t.clock.now = new Date(t.clock.now.getTime() + 601_000);
    const stale = await call(config);
    expect(stale.body.data.checking).toBe(false);
    expect(ids(stale.body.data).slice(0, 2)).toEqual(['ok-1:available', 'ok-2:available']);
    await streamsService(config).idle();
    expect(hits.length).toBe(2 * checked);
  });

  it('counts a failing check provider as not embeddable, never as an error', async () => {
    const config = configWith({ ZHOL_STREAM_CHECK_URL: `${base}/check-fail?url={url}` });
    expect((await call(config)).status).toBe(200);
    await streamsService(config).idle();
    const { status, body } = await call(config);
    expect(status).toBe(200);
    expect(body.data.streams.every((s) => s.status === 'unavailable')).toBe(true);
  });

  it('takes the configured list URL instead of content', async () => {
    list = { data: [stream('gone-9'), stream('ok-9')] };
    const config = configWith({ ZHOL_STREAMS_LIST_URL: `${base}/list` });
    await call(config);
    await streamsService(config).idle();
    const { body } = await call(config);
    expect(ids(body.data)).toEqual(['ok-9:available', 'gone-9:unavailable']);
    expect(hits.filter((h) => h.startsWith('/list')).length).toBe(1);
  });

  it.each([
    ['that never answers (timeout)', '/list-slow'],
    ['that fails', '/list-fail'],
    ['that answers something not a list', '/list-bad'],
  ])('falls back to content when the list URL is one %s', async (_, path) => {
    const config = configWith({ ZHOL_STREAMS_LIST_URL: `${base}${path}` });
    const first = await call(config);
    expect(first.status).toBe(200);
    await streamsService(config).idle();
    const { body } = await call(config);
    expect(body.data.streams.map((s) => s.id).slice(0, 2)).toEqual(['ok-1', 'ok-2']);
    expect(body.data.streams).toHaveLength(6);
  });
});

describe('the frame origins', () => {
  it('are exactly the booking origin, the stream players and ZHOL_FRAME_SOURCES, each once', () => {
    expect(
      frameOrigins(
        parseServerConfig({
          ZHOL_BOOKING_URL: 'https://book.example.kz/exam/sign-up?x=1',
          ZHOL_STREAM_EMBED_ORIGINS: 'https://player.example https://book.example.kz',
          ZHOL_FRAME_SOURCES: 'https://maps.example',
        }),
      ),
    ).toEqual(['https://book.example.kz', 'https://player.example', 'https://maps.example']);
    expect(frameOrigins(parseServerConfig({}))).toEqual([
      'https://booking.zhol.example',
      'https://www.youtube-nocookie.com',
    ]);
  });

  it('refuse a check URL without {url} and a list URL that is not a web address', () => {
    expect(() => parseServerConfig({ ZHOL_STREAM_CHECK_URL: 'https://x.example/check' })).toThrow(
      /ZHOL_STREAM_CHECK_URL/,
    );
    expect(() => parseServerConfig({ ZHOL_STREAMS_LIST_URL: 'javascript:alert(1)' })).toThrow(/ZHOL_STREAMS_LIST_URL/);
  });
});
