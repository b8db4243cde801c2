export interface OfflinePack {
  qualification: { id: number; name: string };
  /** Hash of the pack's content (question ids + revs + language): equal banks give equal versions. */
  version: string;
  issued_at: string; // ISO
  access_until: string | null; // the access's end, ISO (null: unlimited)
  language: 'ru' | 'kz' | 'en';
  /** Questions with a video are left out (they need the network); how many were. */
  left_out: number;
  questions: OfflineQuestion[];
}
export interface OfflineQuestion {
  id: number;
  /** Hash of what grades the question (picture, answers, correct value; not its wording): changes when the bank changes those. */
  rev: string;
  theme: { id: number; name: string } | null;
  text: string;
  image: string | null; // same URL form as ExamQuestion.image
  image_alt: string | null;
  answers: { value: number; text: string }[];
  correct_value: number; // training reveals it anyway; NEVER the mock exam's own sealing rules
  comment: string | null;
  clause: string | null;
  lang: 'ru' | 'kz' | 'en';
}

export interface OfflineAnswer {
  client_id: string; // UUID made by the browser, once per answer
  session: string; // UUID of one offline sitting (one training in the history)
  question: number;
  rev: string; // the question's rev in the pack it was answered from
  value: number; // 1-based answer value
  answered_at: string; // ISO, the device's clock
}
export interface OfflineSyncRequest {
  qualification: number;
  pack: string;
  answers: OfflineAnswer[];
}
export type OfflineAnswerStatus = 'recorded' | 'duplicate' | 'stale' | 'refused';
export interface OfflineSyncResponse {
  results: { client_id: string; status: OfflineAnswerStatus; correct?: boolean; reason?: string }[];
  /** The bank changed since this pack: download it again. */
  pack_stale: boolean;
  synced_at: string;
}

/**
 * The codes of the sync call's 400s (`code` beside `desc`): a batch too big, or one the server cannot
 * read. The client halves a refused batch to find the answer at fault; any other 400 (a proxy's) is
 * only retried.
 */
export const OFFLINE_BATCH_CODES = { tooBig: 'offline-batch-too-big', malformed: 'offline-batch-malformed' } as const;
