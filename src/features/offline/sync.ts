// Sending the queued answers (issue 23): the signed-in learner's, oldest first, in batches of at
// most 200 of one pack to POST …/offline/answers/. Whatever the server acknowledged (any status: a
// refused or stale answer is not retried) leaves the queue; the rest stays for the next try. One sync
// at a time; network and server failures retry with backoff and on `online`; a 401 waits for a
// sign-in. The server's identity is asked (the profile call) when the page does not know the user
// yet, so an answer is never sent under another account than the learner's who gave it.
import { atom } from 'nanostores';
import { apiRequest, type ApiRequestError } from '../../client/api';
import { $user, type User } from '../../client/auth';
import { hasSessionHint } from '../../client/session';
import { userSetting } from '../../client/user-storage';
import {
  OFFLINE_BATCH_CODES,
  type OfflineAnswer,
  type OfflineSyncRequest,
  type OfflineSyncResponse,
} from '../../shared/api/offline';
import { offlineLearner, rememberLearner } from './learner';
import { countQueued, markPacksStale, queuedAnswers, removeAnswers, type QueuedAnswer } from './queue';

export const OFFLINE_ANSWERS = '/rest/v1/core/user/offline/answers/';
export const SYNC_BATCH = 200;
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 5 * 60_000;
/** Answers the server could not read that one sync drops before it stops: a server refusing every answer (a deploy gone wrong) must not empty the queue. */
const DROPS_PER_SYNC = 5;

/** Answers of the current learner waiting for the server. */
export const $pending = atom(0);
/** When the server last acknowledged the current learner's answers (ISO), or null. */
export const $lastSynced = atom<string | null>(null);
/** The server said a pack's bank changed (the tests page offers the update). */
export const $packsChanged = atom(0);

const syncedAt = (learner: number) => userSetting<string>(learner, 'offline-synced');

/** How a sync ended: all sent, no answer reached the server, signed out (401), or a server failure. */
export type SyncOutcome = 'synced' | 'offline' | 'signedOut' | 'failed';

/** The oldest answers that go in one request: the first one's pack, in time order, at most SYNC_BATCH. */
export function nextBatch(queued: QueuedAnswer[]): QueuedAnswer[] {
  const first = queued[0];
  if (!first) return [];
  const end = queued.findIndex((a) => a.qualification !== first.qualification || a.pack !== first.pack);
  return queued.slice(0, Math.min(end === -1 ? queued.length : end, SYNC_BATCH));
}

const wire = ({ client_id, session, question, rev, value, answered_at }: QueuedAnswer): OfflineAnswer => ({
  client_id,
  session,
  question,
  rev,
  value,
  answered_at,
});

/** Updates $pending and $lastSynced for the learner (null: nobody). */
export async function refreshSyncState(learner: number | null = offlineLearner()?.id ?? null): Promise<void> {
  $pending.set(learner === null ? 0 : await countQueued(learner));
  $lastSynced.set(learner === null ? null : (syncedAt(learner).get() ?? null));
}

/** Sends the learner's queue until it is empty or a call fails. The session must be that learner's. */
export async function syncAnswers(learner: number): Promise<SyncOutcome> {
  // Halved while the server refuses the request itself (400); see below.
  let limit = SYNC_BATCH;
  let dropped = 0;
  try {
    for (;;) {
      const batch = nextBatch(await queuedAnswers(learner, SYNC_BATCH)).slice(0, limit);
      if (!batch.length) return 'synced';
      const { qualification, pack } = batch[0]!;
      const body: OfflineSyncRequest = { qualification, pack, answers: batch.map(wire) };
      let response: OfflineSyncResponse;
      try {
        response = await apiRequest<OfflineSyncResponse>(OFFLINE_ANSWERS, { method: 'POST', body });
      } catch (error) {
        const { status, code } = error as ApiRequestError;
        // The server's own 400 refuses the batch: sent again it would be refused again, and every
        // answer behind it would wait forever. Halving finds the answer it cannot read, which is
        // dropped, as the server's refusals of single answers are; the rest go on. A few at most per
        // sync, and never on a 400 without the server's code (a proxy's): those wait and retry.
        const refused =
          status === 400 && (code === OFFLINE_BATCH_CODES.malformed || code === OFFLINE_BATCH_CODES.tooBig);
        if (refused && batch.length > 1) {
          limit = Math.ceil(batch.length / 2);
          continue;
        }
        if (refused && code === OFFLINE_BATCH_CODES.malformed && dropped < DROPS_PER_SYNC) {
          await removeAnswers(learner, [batch[0]!.client_id]);
          dropped += 1;
          limit = SYNC_BATCH;
          continue;
        }
        return status === 401 ? 'signedOut' : status === 0 ? 'offline' : 'failed';
      }
      const sent = new Set(batch.map((a) => a.client_id));
      const acknowledged = response.results.map((r) => r.client_id).filter((id) => sent.has(id));
      await removeAnswers(learner, acknowledged);
      if (response.pack_stale || response.results.some((r) => r.status === 'stale')) {
        await markPacksStale(learner, qualification, pack);
        $packsChanged.set($packsChanged.get() + 1);
      }
      syncedAt(learner).set(response.synced_at);
      await refreshSyncState(learner);
      // A server that acknowledged none of them would be asked the same forever: try again later.
      if (!acknowledged.length) return 'failed';
    }
  } finally {
    await refreshSyncState(learner);
  }
}

// ---- When to sync ----------------------------------------------------------------------------------

let running: Promise<SyncOutcome | null> | null = null;
let again = false;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/** A 401 stops syncing until someone signs in. */
let waitingForSignIn = false;

/** The learner the session belongs to: the page's user, or the server's answer when the page has none yet. */
async function sessionLearner(): Promise<number | null> {
  const user = $user.get();
  if (user) return user.id;
  if (!hasSessionHint()) return null;
  try {
    return (await apiRequest<User>('/rest/v1/core/user/profile')).id;
  } catch {
    return null;
  }
}

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  const delay = Math.min(RETRY_FIRST_MS * 2 ** failures, RETRY_MAX_MS);
  failures += 1;
  retryTimer = setTimeout(() => void requestSync(), delay);
}

async function runSync(): Promise<SyncOutcome | null> {
  const learner = await sessionLearner();
  if (learner === null) return null;
  if ((await countQueued(learner)) === 0) {
    await refreshSyncState(learner);
    return 'synced';
  }
  const outcome = await syncAnswers(learner);
  if (outcome === 'synced') failures = 0;
  else if (outcome === 'signedOut') waitingForSignIn = true;
  else scheduleRetry();
  return outcome;
}

/** Syncs now, or once more after the sync under way (one at a time). */
export function requestSync(): Promise<SyncOutcome | null> {
  if (waitingForSignIn) return Promise.resolve('signedOut');
  if (running) {
    again = true;
    return running;
  }
  clearTimeout(retryTimer);
  running = (async () => {
    let outcome: SyncOutcome | null;
    do {
      again = false;
      outcome = await runSync();
    } while (again && outcome === 'synced');
    return outcome;
  })().finally(() => {
    running = null;
  });
  return running;
}

let started = false;
/** On page load: remember who studies on this device; sync now, when the network returns and when a learner signs in. */
export function startOfflineSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  rememberLearner();
  window.addEventListener('online', () => {
    failures = 0;
    void requestSync();
  });
  $user.listen((user) => {
    if (!user) return;
    waitingForSignIn = false;
    void requestSync();
  });
  void refreshSyncState().then(() => requestSync());
}

/** After an answer given offline: sent at once when the browser thinks it is online. */
export function syncAfterAnswer(): void {
  void refreshSyncState();
  if (typeof navigator === 'undefined' || navigator.onLine) void requestSync();
}
