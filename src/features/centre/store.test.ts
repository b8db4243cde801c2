// The stream page's store without React: it asks again while the server is still checking and shows
// the list once, in the server's order; a failure becomes the page's message (in its language); play frames only
// an available stream.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StreamsSnapshot } from '../../shared/api/streams';
import { $playing, $streams, loadStreams, play, POLL, type Stream } from './store';

const text = (s: string) => ({ ru: s, kz: s, en: s });
const stream = (id: string, status: Stream['status']): Stream => ({
  id,
  centre: text(id),
  city: text('city'),
  link: `https://watch.example/${id}`,
  embed: status === 'available' ? `https://embed.example/${id}` : null,
  status,
});

const realFetch = globalThis.fetch;
let answers: { status: number; body: unknown }[];
let calls: string[];

beforeEach(() => {
  POLL.everyMs = 0;
  calls = [];
  $playing.set([]);
  globalThis.fetch = (async (url: string) => {
    calls.push(String(url));
    const next = answers.shift()!;
    return new Response(JSON.stringify(next.body), {
      status: next.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const snapshot = (checking: boolean, streams: Stream[]): { status: number; body: { data: StreamsSnapshot } } => ({
  status: 200,
  body: { data: { checking, streams } },
});

describe('loadStreams', () => {
  it('asks again while the server is checking, then keeps its order', async () => {
    answers = [
      snapshot(true, [stream('a', 'checking'), stream('b', 'checking')]),
      snapshot(true, [stream('b', 'available'), stream('a', 'checking')]),
      snapshot(false, [stream('b', 'available'), stream('a', 'unavailable')]),
    ];
    const loading = loadStreams('fallback');
    expect($streams.get()).toEqual({ status: 'loading' });
    await loading;
    expect(calls).toHaveLength(3);
    expect(calls[0]).toContain('/rest/v1/domain/online/streams');
    const state = $streams.get();
    expect(state.status === 'ready' && state.streams.map((s) => `${s.id}:${s.status}`)).toEqual([
      'b:available',
      'a:unavailable',
    ]);
  });

  it('stops asking after a few times and shows what it has', async () => {
    answers = Array.from({ length: POLL.times + 1 }, () => snapshot(true, [stream('a', 'checking')]));
    await loadStreams('fallback');
    expect(calls).toHaveLength(POLL.times + 1);
    expect($streams.get()).toMatchObject({ status: 'ready' });
  });

  it("turns any failure into the page's own message", async () => {
    answers = [{ status: 503, body: { desc: 'Try later', status: 503 } }];
    await loadStreams('fallback');
    expect($streams.get()).toEqual({ status: 'error', desc: 'fallback' });
    answers = [{ status: 502, body: '<html>' }];
    await loadStreams('fallback');
    expect($streams.get()).toEqual({ status: 'error', desc: 'fallback' });
  });
});

describe('play', () => {
  it('starts only an available stream, once', async () => {
    answers = [snapshot(false, [stream('live', 'available'), stream('off', 'unavailable')])];
    await loadStreams('fallback');
    play('off');
    play('nope');
    expect($playing.get()).toEqual([]);
    play('live');
    play('live');
    expect($playing.get()).toEqual(['live']);
  });
});
