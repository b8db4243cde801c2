// Offline study (issue 23): the pack a learner takes away — a qualification's questions with what a
// training reveals anyway — and the sync of the answers given with it. The contract is
// src/shared/api/offline.ts. A synced answer is stored as an online training answer would be (a
// slot of a training examination, one per offline sitting), so history, statistics, readiness, the
// smart and "incorrect" trainings count it the same; the FSRS memory of each question it touches is
// replayed from the history in answered_at order, so answers arriving out of order end as if given in order.
//
// Concurrency: the whole batch is one transaction under the learner's row lock (PostgreSQL; SQLite
// runs one writing transaction at a time), the lock a training start takes; the unique keys
// (learner, client_id) and (learner, session) stay the last word on what was recorded.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { localeCodes, type Locale } from '../../i18n/locales';
import type { MessageKey } from '../../i18n/keys';
import { useTranslations } from '../../i18n';
import type {
  OfflineAnswer,
  OfflinePack,
  OfflineQuestion,
  OfflineSyncRequest,
  OfflineSyncResponse,
} from '../../shared/api/offline';
import { localized } from '../db/localized';
import type { Database } from '../db/schema';
import {
  addOfflineAnswers,
  findOfflineSession,
  insertOfflineSession,
  rowLocks,
  runningExam,
  type Db,
  type OfflineSession,
} from '../repositories/examinations';
import { bankQuestions } from '../repositories/questions';
import { DomainError } from './domain-error';
import { accessEnd, accessEndAt, accessPeriods, endUnbegunExam } from './exam/access';
import { replayMemories } from './memory';
import { questionTexts, type QuestionText } from './questions/texts';

/** The most answers one sync takes (the body stays far under the API's body limit). */
export const OFFLINE_BATCH_MAX = 200;
/**
 * Offline answers one learner may have recorded in any 24 hours (a very long day of study is a few
 * hundred). Each synced answer is a stored row and may open a sitting, so without a bound one account
 * could fill the disk by inventing client ids (issue 24's storage flood, by another door). Past it the
 * batch is refused with 429 and Retry-After, and the browser keeps it queued for later.
 */
export const OFFLINE_ANSWERS_PER_DAY = 3000;
const DAY_MS = 24 * 60 * 60_000;

/** A sync past the daily bound, and when the oldest answer in the window leaves it. */
export class OfflineQuotaError extends DomainError {
  constructor(readonly waitMs: number) {
    super('tooManyAttempts', 'errors.offlineTooManyToday');
    this.name = 'OfflineQuotaError';
  }

  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.waitMs / 1000));
  }
}

/** A short digest of a value's JSON: 22 characters of SHA-256, as media names are. */
const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);

/**
 * What grades and shows a question in a pack's language: its text, picture, answers and correct
 * value, as shown (a question lacking the language shows the bank's own, `lang`). An answer given to
 * another rev was given to another question, so it is not recorded. The comment and clause are not
 * in it: fixing a comment does not undo the learner's answer (the pack's version changes instead).
 */
// What grades an answer: the options as numbered, the key and the picture the situation is drawn in.
// The question's wording is left out, so a typo mended in the bank does not throw away the answers
// queued on phones (a changed wording changes the pack's version, which the browser then updates).
function questionRev(language: Locale, q: QuestionText): string {
  return digest([language, q.lang, q.image, q.answers, q.correct]);
}

/** A qualification that exists and is not retired, named in `locale`, or 404. */
async function qualificationNamed(db: Db, id: number, locale: Locale): Promise<{ id: number; name: string }> {
  const qual = await db
    .selectFrom('qualifications')
    .select(['id', localized(locale, 'name'), 'retired_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!qual || qual.retired_at) throw new DomainError('notFound', 'errors.qualificationNotFound');
  return { id: qual.id, name: qual.name };
}

/** A qualification's questions as a pack holds them (no video: those need the network), and the pack's version. */
async function packContent(
  db: Kysely<Database>,
  qualification: { id: number; name: string },
  language: Locale,
): Promise<{ version: string; left_out: number; questions: OfflineQuestion[] }> {
  const bank = await bankQuestions(db, qualification.id);
  const texts = await questionTexts(
    db,
    bank.map((q) => q.id),
    language,
  );
  const themeIds = [...new Set(bank.map((q) => q.theme_id))];
  const themes = new Map(
    (themeIds.length
      ? await db
          .selectFrom('themes')
          .select(['id', localized(language, 'name')])
          .where('id', 'in', themeIds)
          .execute()
      : []
    ).map((t) => [t.id, { id: t.id, name: t.name }]),
  );
  const questions: OfflineQuestion[] = [];
  let leftOut = 0;
  for (const b of bank) {
    const q = texts.get(b.id);
    if (!q) continue;
    if (q.video) {
      leftOut++;
      continue;
    }
    questions.push({
      id: b.id,
      rev: questionRev(language, q),
      theme: themes.get(b.theme_id) ?? null,
      text: q.text,
      image: q.image,
      image_alt: q.image_alt,
      answers: q.answers,
      correct_value: q.correct,
      comment: q.comment || null,
      clause: q.clause || null,
      lang: q.lang,
    });
  }
  // Equal banks give equal versions: everything the pack shows, not when it was issued or to whom.
  return { version: digest([language, qualification, leftOut, questions]), left_out: leftOut, questions };
}

/**
 * While an exam runs, nothing may reveal its answers (DESIGN §6), and a pack reveals every answer of
 * the bank: as a training start does, an exam opened but not begun is ended to make way, and one
 * under way refuses (409).
 */
async function clearRunningExam(db: Db, learnerId: number, now: Date): Promise<void> {
  const running = await runningExam(db, learnerId, now);
  if (running) await endUnbegunExam(db, running, now);
}

/**
 * GET the pack: the learner needs the access a training start needs (an active test access to the
 * qualification or its parent), else 403; an unknown or retired qualification is 404.
 */
export async function offlinePack(
  db: Kysely<Database>,
  learnerId: number,
  qualificationId: number,
  language: Locale,
  now: Date,
): Promise<OfflinePack> {
  const qualification = await qualificationNamed(db, qualificationId, language);
  const until = await accessEnd(db, learnerId, qualification.id, now);
  if (!until) throw new DomainError('forbidden', 'errors.noAccess');
  await db.transaction().execute((trx) => clearRunningExam(trx, learnerId, now));
  const content = await packContent(db, qualification, language);
  return {
    qualification,
    version: content.version,
    issued_at: now.toISOString(),
    access_until: until,
    language,
    left_out: content.left_out,
    questions: content.questions,
  };
}

type Result = OfflineSyncResponse['results'][number];
/** An answer that counts: its time (normalised), whether it is right, its pack's language, the access it was given under. */
type Accepted = { answer: OfflineAnswer; at: string; correct: boolean; language: Locale; until: string };

/**
 * POST the answers. Each is recorded once per learner and client_id (a replay is `duplicate`);
 * `stale` when its question is gone, retired or changed since the pack; `refused` (with the reason in
 * `locale`) when it cannot count: no access at its time, a question of another qualification, a time
 * in the future or before the account, an answer the question does not have, a sitting of another
 * qualification. The batch is one transaction.
 */
export async function syncOfflineAnswers(
  db: Kysely<Database>,
  learner: { id: number; created_at: string },
  request: OfflineSyncRequest,
  locale: Locale,
  now: Date,
): Promise<OfflineSyncResponse> {
  const t = useTranslations(locale);
  const qualification = { id: request.qualification };
  // A category that does not exist has no questions: its answers are refused one by one (a refusal
  // leaves the browser's queue; a 404 would keep them there for ever).
  const known = await db
    .selectFrom('qualifications')
    .select('id')
    .where('id', '=', qualification.id)
    .executeTakeFirst();
  const ids = [...new Set(request.answers.map((a) => a.question))];
  // The questions as they stand: active ones of this qualification's bank, and any others asked of.
  const bank = new Map((known ? await bankQuestions(db, qualification.id) : []).map((q) => [q.id, q]));
  const active = new Set(
    (
      await db.selectFrom('questions').select('id').where('id', 'in', ids).where('retired_at', 'is', null).execute()
    ).map((q) => q.id),
  );
  // Which language's pack each answer came from (the language whose rev of the question it names),
  // and the key it is graded by. Read before the transaction: the texts' cache is the database's.
  const revs = new Map<string, { language: Locale; correct: number }>();
  for (const language of localeCodes) {
    const texts = await questionTexts(
      db,
      ids.filter((id) => bank.has(id)),
      language,
    );
    for (const [id, q] of texts) revs.set(`${id}:${questionRev(language, q)}`, { language, correct: q.correct });
  }
  // Any answer to a question gone or changed says the pack is stale, recorded before or not.
  const changed = request.answers.some((a) => !revs.has(`${a.question}:${a.rev}`));
  const packLanguage = request.answers.map((a) => revs.get(`${a.question}:${a.rev}`)).find((m) => m)?.language;

  const currentVersion = async (language: Locale): Promise<string | null> => {
    try {
      return (await packContent(db, await qualificationNamed(db, qualification.id, language), language)).version;
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'notFound') return null;
      throw error;
    }
  };

  const synced = await db.transaction().execute(async (trx) => {
    // One sync (or training start) of a learner at a time: the checks below and the writes hold together.
    await trx
      .selectFrom('learners')
      .select('id')
      .where('id', '=', learner.id)
      .$if(rowLocks(trx), (q) => q.forNoKeyUpdate())
      .execute();
    await clearRunningExam(trx, learner.id, now);
    const periods = await accessPeriods(trx, learner.id, qualification.id);
    const recorded = new Map(
      (
        await trx
          .selectFrom('offline_answers as o')
          .innerJoin('examination_answers as a', 'a.id', 'o.answer_id')
          .select(['o.client_id', 'a.correct'])
          .where('o.learner_id', '=', learner.id)
          .where(
            'o.client_id',
            'in',
            request.answers.map((a) => a.client_id),
          )
          .execute()
      ).map((r) => [r.client_id, r.correct === 1]),
    );
    const sessions = new Map<string, OfflineSession | null>();
    const sessionOf = async (uuid: string) => {
      if (!sessions.has(uuid)) sessions.set(uuid, (await findOfflineSession(trx, learner.id, uuid)) ?? null);
      return sessions.get(uuid)!;
    };

    const refuse = (a: OfflineAnswer, key: MessageKey): Result => ({
      client_id: a.client_id,
      status: 'refused',
      reason: t(key),
    });
    /** An answer that counts, with what it is recorded as; or why it does not. */
    const judge = async (a: OfflineAnswer): Promise<Accepted | Result> => {
      const question = bank.get(a.question);
      if (!question)
        return active.has(a.question)
          ? refuse(a, 'errors.offlineNotInQualification')
          : { client_id: a.client_id, status: 'stale' };
      const key = revs.get(`${a.question}:${a.rev}`);
      if (!key) return { client_id: a.client_id, status: 'stale' };
      if (a.value < 1 || a.value > question.answers_count) return refuse(a, 'errors.badAnswer');
      // A device clock ahead of the server's is the device's fault, not the answer's: the answer was
      // given by now, so it is recorded as given now (refusing it would drop it from the queue for good).
      const at = new Date(Math.min(Date.parse(a.answered_at), now.getTime()));
      if (at.toISOString() < learner.created_at) return refuse(a, 'errors.offlineBeforeAccount');
      const until = accessEndAt(periods, at);
      if (!until) return refuse(a, 'errors.offlineNoAccess');
      const session = await sessionOf(a.session);
      if (session && session.qualification_id !== qualification.id) return refuse(a, 'errors.offlineOtherSession');
      return { answer: a, at: at.toISOString(), correct: a.value === key.correct, language: key.language, until };
    };

    const results: Result[] = [];
    // Accepted answers by sitting.
    const accepted = new Map<string, Accepted[]>();
    for (const a of request.answers) {
      const before = recorded.get(a.client_id);
      if (before !== undefined) {
        results.push({ client_id: a.client_id, status: 'duplicate', correct: before });
        continue;
      }
      const judged = await judge(a);
      if ('status' in judged) {
        results.push(judged);
        continue;
      }
      // A second copy in the same batch is a replay of the first.
      recorded.set(a.client_id, judged.correct);
      accepted.set(a.session, [...(accepted.get(a.session) ?? []), judged]);
      results.push({ client_id: a.client_id, status: 'recorded', correct: judged.correct });
    }

    const adding = [...accepted.values()].reduce((n, entries) => n + entries.length, 0);
    if (adding > 0) {
      const since = new Date(now.getTime() - DAY_MS).toISOString();
      const window = await trx
        .selectFrom('offline_answers')
        .select('recorded_at')
        .where('learner_id', '=', learner.id)
        .where('recorded_at', '>', since)
        .orderBy('recorded_at')
        .limit(OFFLINE_ANSWERS_PER_DAY)
        .execute();
      if (window.length + adding > OFFLINE_ANSWERS_PER_DAY) {
        // The oldest answers that must leave the window before this batch fits.
        const leaving = window[Math.min(window.length - 1, window.length + adding - OFFLINE_ANSWERS_PER_DAY - 1)];
        throw new OfflineQuotaError(leaving ? Date.parse(leaving.recorded_at) + DAY_MS - now.getTime() : DAY_MS);
      }
    }

    const touched = new Set<number>();
    for (const [uuid, entries] of accepted) {
      entries.sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
      let session = await sessionOf(uuid);
      if (!session) {
        const first = entries[0]!;
        const id = await insertOfflineSession(trx, {
          learner_id: learner.id,
          qualification_id: qualification.id,
          language: first.language,
          access_until: first.until,
          offline_session: uuid,
          at: first.at,
        });
        session = {
          id,
          qualification_id: qualification.id,
          question_count: 0,
          started_at: first.at,
          finished_at: first.at,
        };
      }
      const slots = await addOfflineAnswers(
        trx,
        session,
        entries.map((e) => ({
          question_id: e.answer.question,
          answer: e.answer.value,
          correct: e.correct,
          answered_at: e.at,
        })),
      );
      const claimed = await trx
        .insertInto('offline_answers')
        .values(
          entries.map((e, i) => ({
            learner_id: learner.id,
            client_id: e.answer.client_id,
            answer_id: slots[i]!,
            recorded_at: now.toISOString(),
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      // Under the learner's lock nothing else records these; should anything have, record nothing (409, retried).
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) !== entries.length)
        throw new DomainError('conflict', 'errors.offlineBusy');
      for (const e of entries) touched.add(e.answer.question);
    }
    await replayMemories(trx, learner.id, [...touched]);

    return results;
  });
  // Also stale when today's pack in its language is not the one the answers were given from.
  // The answers are in: this only says whether the pack should be fetched again. A category retired
  // since has no pack any more (stale, never a 404: that would keep the answers queued for ever).
  const packStale = changed || (packLanguage !== undefined && (await currentVersion(packLanguage)) !== request.pack);
  return { results: synced, pack_stale: packStale, synced_at: now.toISOString() };
}
