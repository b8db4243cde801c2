// What offline study keeps in the browser (issue 23): the downloaded training packs and the answers
// given from them that the server has not acknowledged yet, in the IndexedDB database `zhol-offline`
// (through idb). Both are scoped by learner id: two learners sharing a browser never train from, nor
// send, each other's.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Locale } from '../../i18n/locales';
import type { OfflineAnswer, OfflinePack } from '../../shared/api/offline';

export const OFFLINE_DB = 'zhol-offline';

export interface StoredPack {
  /** `learner:qualification:language` (packKey). */
  key: string;
  learner: number;
  qualification: number;
  language: Locale;
  pack: OfflinePack;
  saved_at: string;
  /** The pack's JSON and its pictures, in bytes (what the tests page shows). */
  bytes: number;
  /** The server said the bank changed since this pack (an answer came back stale). */
  stale: boolean;
}

/** One answer waiting for the server, with whose it is and which pack it was answered from. */
export interface QueuedAnswer extends OfflineAnswer {
  learner: number;
  qualification: number;
  /** The pack's version (OfflineSyncRequest.pack). */
  pack: string;
}

interface OfflineSchema extends DBSchema {
  packs: { key: string; value: StoredPack; indexes: { learner: number } };
  answers: { key: string; value: QueuedAnswer; indexes: { learner_time: [number, string] } };
}

let opened: Promise<IDBPDatabase<OfflineSchema>> | null = null;
function db(): Promise<IDBPDatabase<OfflineSchema>> {
  opened ??= openDB<OfflineSchema>(OFFLINE_DB, 1, {
    upgrade(database) {
      database.createObjectStore('packs', { keyPath: 'key' }).createIndex('learner', 'learner');
      // Oldest first per learner: the order the server must hear them in.
      database
        .createObjectStore('answers', { keyPath: 'client_id' })
        .createIndex('learner_time', ['learner', 'answered_at']);
    },
  });
  return opened;
}

/** For tests that delete the database: the next call opens it anew. */
export async function closeOfflineDb(): Promise<void> {
  const database = await opened;
  database?.close();
  opened = null;
}

export function packKey(learner: number, qualification: number, language: Locale): string {
  return `${learner}:${qualification}:${language}`;
}

export async function savePack(
  learner: number,
  pack: OfflinePack,
  bytes: number,
  savedAt = new Date(),
): Promise<StoredPack> {
  const stored: StoredPack = {
    key: packKey(learner, pack.qualification.id, pack.language),
    learner,
    qualification: pack.qualification.id,
    language: pack.language,
    pack,
    saved_at: savedAt.toISOString(),
    bytes,
    stale: false,
  };
  await (await db()).put('packs', stored);
  return stored;
}

export async function packsOf(learner: number): Promise<StoredPack[]> {
  const packs = await (await db()).getAllFromIndex('packs', 'learner', learner);
  return packs.sort((a, b) => a.pack.qualification.name.localeCompare(b.pack.qualification.name));
}

export async function packOf(key: string): Promise<StoredPack | undefined> {
  return (await db()).get('packs', key);
}

/** The server said the bank changed: every pack of the learner's qualification with that version needs an update. */
export async function markPacksStale(learner: number, qualification: number, version: string): Promise<void> {
  const tx = (await db()).transaction('packs', 'readwrite');
  for (const pack of await tx.store.index('learner').getAll(learner))
    if (pack.qualification === qualification && pack.pack.version === version && !pack.stale)
      await tx.store.put({ ...pack, stale: true });
  await tx.done;
}

export async function queueAnswer(answer: QueuedAnswer): Promise<void> {
  await (await db()).put('answers', answer);
}

const learnerRange = (learner: number) => IDBKeyRange.bound([learner, ''], [learner, '\uffff']);

/** The learner's queued answers, oldest first (at most `limit`). */
export async function queuedAnswers(learner: number, limit?: number): Promise<QueuedAnswer[]> {
  return (await db()).getAllFromIndex('answers', 'learner_time', learnerRange(learner), limit);
}

export async function countQueued(learner: number): Promise<number> {
  return (await db()).countFromIndex('answers', 'learner_time', learnerRange(learner));
}

/** Takes acknowledged answers out of the queue (only the learner's own). */
export async function removeAnswers(learner: number, clientIds: Iterable<string>): Promise<void> {
  const tx = (await db()).transaction('answers', 'readwrite');
  for (const id of clientIds) {
    const answer = await tx.store.get(id);
    if (answer?.learner === learner) await tx.store.delete(id);
  }
  await tx.done;
}
