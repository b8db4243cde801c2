// The stream page's state: the broadcasts as the API answers them (sorted there, available first)
// and which players the learner has started. The API answers from its cache at once; while some
// streams are still being checked it says so, and we ask again a few times before showing the list,
// so the list appears once, in its final order, instead of reshuffling under the learner's eyes.
import { atom } from 'nanostores';
import { apiRequest } from '../../client/api';
import type { StreamsSnapshot, StreamView } from '../../shared/api/streams';

export type Stream = StreamView;

export type StreamsState =
  | { status: 'loading' }
  | { status: 'ready'; streams: Stream[] }
  | { status: 'error'; desc: string };

export const $streams = atom<StreamsState>({ status: 'loading' });
/** Ids of the streams whose player the learner started (nothing is framed before that). */
export const $playing = atom<readonly string[]>([]);

/** How often and how many times to ask again while the server is still checking. */
export const POLL = { everyMs: 1000, times: 6 };

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function loadStreams(fallbackDesc: string): Promise<void> {
  $streams.set({ status: 'loading' });
  try {
    let answer = (await apiRequest<{ data: StreamsSnapshot }>('/rest/v1/domain/online/streams')).data;
    for (let i = 0; answer.checking && i < POLL.times; i++) {
      await wait(POLL.everyMs);
      answer = (await apiRequest<{ data: StreamsSnapshot }>('/rest/v1/domain/online/streams')).data;
    }
    $streams.set({ status: 'ready', streams: answer.streams });
  } catch {
    // Our own words in the page's language for any failure: a proxy's page or a network error has none,
    // and the list needs nothing of the server's reasons.
    $streams.set({ status: 'error', desc: fallbackDesc });
  }
}

export function play(id: string): void {
  const state = $streams.get();
  // Only an available stream has a player to frame.
  if (state.status !== 'ready' || !state.streams.some((s) => s.id === id && s.embed)) return;
  if (!$playing.get().includes(id)) $playing.set([...$playing.get(), id]);
}
