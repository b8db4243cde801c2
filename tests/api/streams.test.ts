// GET /rest/v1/domain/online/streams: the broadcasts from content or a configured list, each checked
// for embeddability by a provider — here a local HTTP server this test starts (never the internet),
// including a provider that never answers (timeout) and one that fails, one that answers without end,
// and redirects. The provider is on 127.0.0.1, so ZHOL_STREAMS_ALLOW_HOSTS names it, as an operator
// must; without it the server refuses to call it. The call answers at once from the cache; the test
// waits on the service's refresh, never on time. The call uses no database, so one dialect is enough.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/server/app';
import { frameOrigins, parseServerConfig, type ServerConfig } from '../../src/server/config';
import type { Deps } from '../../src/server/context';
import type { StreamsSnapshot } from '../../src/shared/api/streams';
import { STREAM_LIST_MAX_BYTES, streamsService } from '../../src/server/services/streams';
import { createTestDb, type TestDb } from '../support/db';
import { writeEndlessAnswer } from '../support/endless-answer';

const text = (name: string) => ({ ru: `${name} ru`, kz: `${name} kz`, en: `${name} en` });

/** The provider: `ok` links embed (200), `gone` ones do not (404), `slow` never answer, `fail` 500. */
let provider: http.Server;
let base = '';
const hits: string[] = [];
const hanging: http.ServerResponse[] = [];
let list: unknown = [];
/** Another host (another port of 127.0.0.1): redirects there must not be followed. */
let elsewhere: http.Server;
let elsewhereBase = '';
const elsewhereHits: string[] = [];
/** Bytes the endless answers managed to send before the server hung up, per answer. */
const endlessSent: Promise<number>[] = [];

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
  else if (url.pathname === '/list-endless') endlessSent.push(writeEndlessAnswer(res, false));
  else if (url.pathname === '/list-3gb') endlessSent.push(writeEndlessAnswer(res, true));
  else if (url.pathname === '/list-moved') res.writeHead(302, { location: '/list' }).end();
  else if (url.pathname.startsWith('/hop/')) {
    // /hop/n redirects n times on this host before the list.
    const n = Number(url.pathname.slice(5));
    res.writeHead(307, { location: n > 1 ? `/hop/${n - 1}` : '/list' }).end();
  } else if (url.pathname === '/list-away') res.writeHead(302, { location: `${elsewhereBase}/list` }).end();
  else if (url.pathname === '/check-away') res.writeHead(302, { location: `${elsewhereBase}/check?url=ok` }).end();
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
  // Answers like the provider (a list, an embeddable check), so only not following can keep it unasked.
  elsewhere = http.createServer((req, res) => {
    elsewhereHits.push(req.url!);
    if (req.url === '/list') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
    else res.writeHead(200).end('{}');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereBase = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
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
  await new Promise((resolve) => elsewhere.close(resolve));
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

let warnings: string[] = [];
beforeEach(() => {
  hits.length = 0;
  elsewhereHits.length = 0;
  warnings = [];
  vi.spyOn(console, 'warn').mockImplementation((message: string) => {
    warnings.push(message);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function configWith(env: Record<string, string>): ServerConfig {
  return parseServerConfig({
    ZHOL_CONTENT_DIR: dir,
    ZHOL_STREAM_CHECK_URL: `${base}/check?url={url}`,
    ZHOL_STREAM_EMBED_ORIGINS: 'https://embed.example',
    // Long enough for a loaded CI machine to answer the quick ones (300 ms failed there); `slow` waits it out.
    ZHOL_STREAM_CHECK_TIMEOUT_MS: '1500',
    // Both test servers are on this machine: named, as an operator names a local provider.
    ZHOL_STREAMS_ALLOW_HOSTS: `${new URL(base).host} ${new URL(elsewhereBase).host}`,
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

describe("the server's requests to the list and the provider", () => {
  /** Refreshes once and answers the stream ids, sorted (whose list it is is the question here). */
  async function refreshed(config: ServerConfig): Promise<string[]> {
    await call(config);
    await streamsService(config).idle();
    return (await call(config)).body.data.streams.map((s) => s.id).sort();
  }
  const contentIds = ['fail-1', 'gone-1', 'ok-1', 'ok-2', 'ok-other-origin', 'slow-1'];
  /** What was logged about the list (the slow check's timeout is the first describe's business). */
  const listWarnings = () => warnings.filter((w) => w.includes('ZHOL_STREAMS_LIST_URL'));

  it.each([
    ['without end', '/list-endless'],
    ['declaring 3 GB', '/list-3gb'],
  ])('stop reading a list answer %s at the limit, and use content', async (_, path) => {
    // A timeout far beyond the test's run, so only the limit can have stopped it; checks answer at once.
    const config = configWith({
      ZHOL_STREAMS_LIST_URL: `${base}${path}`,
      ZHOL_STREAM_CHECK_URL: `${base}/check-fail?url={url}`,
      ZHOL_STREAM_CHECK_TIMEOUT_MS: '60000',
    });
    endlessSent.length = 0;
    expect(await refreshed(config)).toEqual(contentIds);
    // The connection was closed near the limit (socket buffers aside), not at the timeout nor at 3 GB.
    const [sent] = await Promise.all(endlessSent);
    expect(sent).toBeLessThan(STREAM_LIST_MAX_BYTES + 16 * 1024 * 1024);
    expect(listWarnings()).toEqual([
      expect.stringMatching(/ZHOL_STREAMS_LIST_URL failed \(the answer is .*over the limit/),
    ]);
  });

  it('follow a redirect on the same host, up to three', async () => {
    list = [stream('ok-7')];
    expect(await refreshed(configWith({ ZHOL_STREAMS_LIST_URL: `${base}/list-moved` }))).toEqual(['ok-7']);
    expect(await refreshed(configWith({ ZHOL_STREAMS_LIST_URL: `${base}/hop/3` }))).toEqual(['ok-7']);
    expect(hits.filter((h) => h.startsWith('/hop/')).length).toBe(3);
    expect(listWarnings()).toEqual([]);
  });

  it('follow no fourth redirect, and none to another host', async () => {
    list = [stream('ok-7')];
    expect(await refreshed(configWith({ ZHOL_STREAMS_LIST_URL: `${base}/hop/4` }))).toEqual(contentIds);
    expect(hits.filter((h) => h.startsWith('/list ')).length).toBe(0);
    expect(await refreshed(configWith({ ZHOL_STREAMS_LIST_URL: `${base}/list-away` }))).toEqual(contentIds);
    // The embed check redirected away counts as not embeddable.
    const check = configWith({ ZHOL_STREAM_CHECK_URL: `${base}/check-away?url={url}` });
    await call(check);
    await streamsService(check).idle();
    expect((await call(check)).body.data.streams.every((s) => s.status === 'unavailable')).toBe(true);
    expect(elsewhereHits).toEqual([]);
    expect(listWarnings()).toEqual([
      expect.stringMatching(/ZHOL_STREAMS_LIST_URL failed \(more than 3 redirects\)/),
      expect.stringMatching(/ZHOL_STREAMS_LIST_URL failed \(redirected to http:\/\/127\.0\.0\.1:\d+, not followed/),
    ]);
    expect(warnings.at(-1)).toMatch(/ZHOL_STREAM_CHECK_URL failed \(redirected to .* not followed/);
  });

  it.each([
    ['an address', () => base],
    ['a name', () => base.replace('127.0.0.1', 'localhost')],
  ])('refuse a provider at a loopback %s unless ZHOL_STREAMS_ALLOW_HOSTS names it, logging it once', async (_, at) => {
    const config = configWith({
      ZHOL_STREAMS_ALLOW_HOSTS: '',
      ZHOL_STREAMS_LIST_URL: `${at()}/list`,
      ZHOL_STREAM_CHECK_URL: `${at()}/check?url={url}`,
      ZHOL_STREAM_CACHE_SECONDS: '1',
    });
    list = [stream('ok-7')];
    expect(await refreshed(config)).toEqual(contentIds);
    // Not even the embeddable ones: the provider was not asked.
    expect((await call(config)).body.data.streams.every((s) => s.status === 'unavailable')).toBe(true);
    // Stale a second later: refreshed again, refused again, and not logged again.
    t.clock.now = new Date(t.clock.now.getTime() + 2_000);
    await refreshed(config);
    expect(hits).toEqual([]);
    expect(warnings).toEqual([
      expect.stringMatching(
        /ZHOL_STREAMS_LIST_URL failed \(.* not a public address: refused \(name the host in ZHOL_STREAMS_ALLOW_HOSTS/,
      ),
      expect.stringMatching(/ZHOL_STREAM_CHECK_URL failed \(.* not a public address/),
    ]);
    // Named (host:port, or the host alone for any port), the same provider is asked and answers.
    for (const allow of [new URL(at()).host, new URL(at()).hostname]) {
      expect(
        await refreshed(configWith({ ZHOL_STREAMS_ALLOW_HOSTS: allow, ZHOL_STREAMS_LIST_URL: `${at()}/list` })),
      ).toEqual(['ok-7']);
    }
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
    expect(() => parseServerConfig({ ZHOL_STREAMS_ALLOW_HOSTS: 'http://127.0.0.1:4456' })).toThrow(
      /ZHOL_STREAMS_ALLOW_HOSTS/,
    );
    expect(
      parseServerConfig({ ZHOL_STREAMS_ALLOW_HOSTS: '127.0.0.1:4456, Provider.Local [::1]:80' })
        .ZHOL_STREAMS_ALLOW_HOSTS,
    ).toEqual(['127.0.0.1:4456', 'provider.local', '[::1]:80']);
  });
});
