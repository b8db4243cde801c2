import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfflinePack, OfflineSyncRequest, OfflineSyncResponse } from '../../shared/api/offline';
import {
  closeOfflineDb,
  countQueued,
  markPacksStale,
  OFFLINE_DB,
  packOf,
  packKey,
  packsOf,
  queueAnswer,
  queuedAnswers,
  removeAnswers,
  savePack,
  type QueuedAnswer,
} from './queue';
import { $lastSynced, $pending, nextBatch, OFFLINE_ANSWERS, SYNC_BATCH, syncAnswers } from './sync';

const A = 7;
const B = 8;
let clock = Date.parse('2026-11-20T08:00:00Z');

function answer(learner: number, extra: Partial<QueuedAnswer> = {}): QueuedAnswer {
  clock += 1000;
  const id = crypto.randomUUID();
  return {
    client_id: id,
    session: '11111111-1111-4111-8111-111111111111',
    question: 1,
    rev: 'r1',
    value: 1,
    answered_at: new Date(clock).toISOString(),
    learner,
    qualification: 2,
    pack: 'v1',
    ...extra,
  };
}

function pack(version = 'v1', language: 'ru' | 'kz' | 'en' = 'ru'): OfflinePack {
  return {
    qualification: { id: 2, name: 'B' },
    version,
    issued_at: '2026-11-20T07:00:00Z',
    access_until: null,
    language,
    left_out: 0,
    questions: [],
  };
}

type Reply = (request: OfflineSyncRequest) => Response | Promise<Response>;
const realFetch = globalThis.fetch;
/** A stub server: records each batch and answers with `reply`. */
function server(reply: Reply) {
  const batches: OfflineSyncRequest[] = [];
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    expect(url).toBe(`${OFFLINE_ANSWERS}?upd=1`);
    const body = JSON.parse(String(init.body)) as OfflineSyncRequest;
    batches.push(body);
    return reply(body);
  }) as typeof fetch;
  return batches;
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
function acknowledge(
  request: OfflineSyncRequest,
  status: (index: number) => 'recorded' | 'duplicate' | 'stale' | 'refused' | null = () => 'recorded',
  stale = false,
): OfflineSyncResponse {
  return {
    results: request.answers.flatMap((a, i) => {
      const s = status(i);
      return s ? [{ client_id: a.client_id, status: s }] : [];
    }),
    pack_stale: stale,
    synced_at: '2026-11-20T09:30:00.000Z',
  };
}

beforeEach(async () => {
  await closeOfflineDb();
  await deleteDB(OFFLINE_DB);
});
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.unstubAllGlobals();
});

describe('the offline queue', () => {
  it("keeps each learner's answers apart, oldest first, and removes only the learner's own", async () => {
    const later = answer(A);
    const earlier = { ...answer(A), answered_at: '2026-01-01T00:00:00.000Z' };
    const other = answer(B);
    for (const a of [later, other, earlier]) await queueAnswer(a);
    expect((await queuedAnswers(A)).map((a) => a.client_id)).toEqual([earlier.client_id, later.client_id]);
    expect(await countQueued(B)).toBe(1);
    await removeAnswers(A, [other.client_id, later.client_id]);
    expect((await queuedAnswers(A)).map((a) => a.client_id)).toEqual([earlier.client_id]);
    expect(await countQueued(B)).toBe(1);
  });

  it('keeps one pack per learner, qualification and language, and marks the changed version stale', async () => {
    await savePack(A, pack('v1', 'ru'), 10);
    await savePack(A, pack('v1', 'kz'), 10);
    await savePack(A, pack('v2', 'ru'), 12);
    await savePack(B, pack('v1', 'ru'), 10);
    expect((await packsOf(A)).map((p) => p.key).sort()).toEqual([packKey(A, 2, 'kz'), packKey(A, 2, 'ru')]);
    await markPacksStale(A, 2, 'v1');
    expect((await packOf(packKey(A, 2, 'kz')))?.stale).toBe(true);
    expect((await packOf(packKey(A, 2, 'ru')))?.stale).toBe(false);
    expect((await packOf(packKey(B, 2, 'ru')))?.stale).toBe(false);
  });
});

describe('nextBatch', () => {
  it('takes the oldest answers of one pack, at most 200', () => {
    const many = Array.from({ length: 250 }, () => answer(A));
    expect(nextBatch(many)).toHaveLength(SYNC_BATCH);
    const mixed = [answer(A), answer(A, { pack: 'v2' }), answer(A)];
    expect(nextBatch(mixed)).toEqual([mixed[0]]);
    expect(nextBatch([])).toEqual([]);
  });
});

describe('syncAnswers', () => {
  it('sends everything in batches of at most 200, oldest first, and empties the queue', async () => {
    const given = Array.from({ length: 230 }, () => answer(A));
    for (const a of given) await queueAnswer(a);
    const batches = server((request) => json(acknowledge(request)));
    expect(await syncAnswers(A)).toBe('synced');
    expect(batches.map((b) => b.answers.length)).toEqual([200, 30]);
    expect(batches.flatMap((b) => b.answers.map((a) => a.client_id))).toEqual(given.map((a) => a.client_id));
    // The wire carries the contract's fields only: not whose or which pack (that is the request's).
    expect(Object.keys(batches[0]!.answers[0]!).sort()).toEqual(
      ['answered_at', 'client_id', 'question', 'rev', 'session', 'value'].sort(),
    );
    expect(batches[0]).toMatchObject({ qualification: 2, pack: 'v1' });
    expect(await countQueued(A)).toBe(0);
    expect($pending.get()).toBe(0);
    expect($lastSynced.get()).toBe('2026-11-20T09:30:00.000Z');
  });

  it('keeps what the server did not acknowledge and does not ask again in the same sync', async () => {
    const given = Array.from({ length: 4 }, () => answer(A));
    for (const a of given) await queueAnswer(a);
    const batches = server((request) => json(acknowledge(request, (i) => (i % 2 ? null : 'recorded'))));
    expect(await syncAnswers(A)).toBe('synced');
    // Second round: the two left over, of which the stub acknowledges the first only.
    expect(batches.map((b) => b.answers.length)).toEqual([4, 2, 1]);
    expect(await countQueued(A)).toBe(0);
    server(() => json({ results: [], pack_stale: false, synced_at: '2026-11-20T09:31:00Z' }));
    await queueAnswer(answer(A));
    expect(await syncAnswers(A)).toBe('failed');
    expect(await countQueued(A)).toBe(1);
    expect($pending.get()).toBe(1);
  });

  it('drops duplicates and refused answers (the server has them or never will) like recorded ones', async () => {
    for (let i = 0; i < 3; i++) await queueAnswer(answer(A));
    const statuses = ['duplicate', 'refused', 'recorded'] as const;
    server((request) => json(acknowledge(request, (i) => statuses[i]!)));
    expect(await syncAnswers(A)).toBe('synced');
    expect(await countQueued(A)).toBe(0);
  });

  it('finds and drops an answer the server refuses as malformed (400), and sends every other', async () => {
    const given = Array.from({ length: 9 }, (_, i) => answer(A, i === 6 ? { value: 9 } : {}));
    for (const a of given) await queueAnswer(a);
    const batches = server((request) =>
      request.answers.some((a) => a.value === 9)
        ? json({ desc: 'Неверный ответ', status: 400, code: 'offline-batch-malformed' }, 400)
        : json(acknowledge(request)),
    );
    expect(await syncAnswers(A)).toBe('synced');
    expect(await countQueued(A)).toBe(0);
    const recorded = batches.filter((b) => !b.answers.some((a) => a.value === 9));
    expect(recorded.flatMap((b) => b.answers.map((a) => a.client_id))).toEqual(
      given.filter((_, i) => i !== 6).map((a) => a.client_id),
    );
    // Found by halving: a few calls, not one per answer.
    expect(batches.length).toBeLessThan(12);
  });

  it('drops no more than a few unreadable answers a sync, and nothing on a 400 that is not the server’s', async () => {
    for (let i = 0; i < 8; i++) await queueAnswer(answer(A));
    // A server refusing everything (a deploy gone wrong): five go, the rest wait.
    server(() => json({ desc: 'Неверный пакет', status: 400, code: 'offline-batch-malformed' }, 400));
    expect(await syncAnswers(A)).toBe('failed');
    expect(await countQueued(A)).toBe(3);
    // A proxy's 400: nothing is dropped or halved, the batch waits for the next try.
    const batches = server(() => new Response('<html>Bad Request</html>', { status: 400 }));
    expect(await syncAnswers(A)).toBe('failed');
    expect(await countQueued(A)).toBe(3);
    expect(batches).toHaveLength(1);
  });

  it('marks the pack stale when the server says the bank changed', async () => {
    await savePack(A, pack('v1'), 10);
    await queueAnswer(answer(A));
    await queueAnswer(answer(A));
    server((request) => json(acknowledge(request, (i) => (i === 0 ? 'stale' : 'recorded'), true)));
    expect(await syncAnswers(A)).toBe('synced');
    expect((await packOf(packKey(A, 2, 'ru')))?.stale).toBe(true);
    expect(await countQueued(A)).toBe(0);
  });

  it('stops at a 401 and keeps everything', async () => {
    for (let i = 0; i < 3; i++) await queueAnswer(answer(A));
    // A 401 clears the app's user, which drops the session's cookie hint.
    vi.stubGlobal('document', { cookie: '' });
    const batches = server(() => json({ desc: 'Войдите', status: 401 }, 401));
    expect(await syncAnswers(A)).toBe('signedOut');
    expect(batches).toHaveLength(1);
    expect(await countQueued(A)).toBe(3);
  });

  it('keeps everything when the network fails, and when the server fails', async () => {
    for (let i = 0; i < 3; i++) await queueAnswer(answer(A));
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await syncAnswers(A)).toBe('offline');
    expect(await countQueued(A)).toBe(3);
    server(() => json({ desc: 'Сервер занят', status: 503 }, 503));
    expect(await syncAnswers(A)).toBe('failed');
    expect(await countQueued(A)).toBe(3);
    expect($pending.get()).toBe(3);
  });

  it("never sends another learner's answers", async () => {
    const mine = answer(A);
    const theirs = answer(B);
    await queueAnswer(theirs);
    await queueAnswer(mine);
    const batches = server((request) => json(acknowledge(request)));
    expect(await syncAnswers(A)).toBe('synced');
    expect(batches.flatMap((b) => b.answers.map((a) => a.client_id))).toEqual([mine.client_id]);
    expect(await countQueued(B)).toBe(1);
  });

  it('ignores an acknowledgement of an answer it did not send', async () => {
    const theirs = answer(B);
    await queueAnswer(theirs);
    await queueAnswer(answer(A));
    server((request) => {
      const response = acknowledge(request);
      response.results.push({ client_id: theirs.client_id, status: 'recorded' });
      return json(response);
    });
    await syncAnswers(A);
    expect(await countQueued(B)).toBe(1);
  });
});
