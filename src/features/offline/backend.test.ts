import { afterEach, describe, expect, it } from 'vitest';
import type { OfflineQuestion } from '../../shared/api/offline';
import { createOfflineRun, offlineBackend, pickQuestions } from './backend';
import type { QueuedAnswer, StoredPack } from './queue';

const question = (id: number, theme: number | null = null): OfflineQuestion => ({
  id,
  rev: `rev-${id}`,
  theme: theme === null ? null : { id: theme, name: `Theme ${theme}` },
  text: `Question ${id}`,
  image: null,
  image_alt: null,
  answers: [
    { value: 1, text: 'one' },
    { value: 2, text: 'two' },
  ],
  correct_value: 2,
  comment: `Because ${id}`,
  clause: '1.1',
  lang: 'ru',
});

const stored = (questions: OfflineQuestion[]): StoredPack => ({
  key: '7:2:ru',
  learner: 7,
  qualification: 2,
  language: 'ru',
  pack: {
    qualification: { id: 2, name: 'B' },
    version: 'v1',
    issued_at: '2026-11-20T07:00:00Z',
    access_until: null,
    language: 'ru',
    left_out: 0,
    questions,
  },
  saved_at: '2026-11-20T07:00:00Z',
  bytes: 100,
  stale: false,
});

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('pickQuestions', () => {
  const all = [question(1, 10), question(2, 10), question(3, 11), question(4, null)];
  it('takes N different questions, or all when the pack has fewer', () => {
    const picked = pickQuestions(all, 3);
    expect(new Set(picked.map((q) => q.id)).size).toBe(3);
    expect(pickQuestions(all, 50)).toHaveLength(4);
  });
  it("takes only the chosen themes' questions", () => {
    expect(
      pickQuestions(all, 10, [10])
        .map((q) => q.id)
        .sort(),
    ).toEqual([1, 2]);
  });
});

describe('offlineBackend', () => {
  it('grades from the pack, queues each answer with its rev and ends the training ungraded, with no network call', async () => {
    globalThis.fetch = (() => {
      throw new Error('no network call expected');
    }) as typeof fetch;
    const pack = stored([question(1), question(2)]);
    const run = createOfflineRun(pack, pack.pack.questions, 'session-1');
    expect(run.demo.exam).toMatchObject({ mode: 'train', prepare: true, started_at: null, deadline: null });
    const queued: QueuedAnswer[] = [];
    let heard = 0;
    const backend = offlineBackend(run, {
      record: async (a) => void queued.push(a),
      answered: () => (heard += 1),
    });
    expect((await backend.begin()).started_at).not.toBeNull();

    const wrong = await backend.answer(1, 1);
    expect(wrong.answer).toMatchObject({ answered: true, correct: false, correct_value: 2, comment: 'Because 1' });
    expect(wrong.status).toBe('process');
    const right = await backend.answer(2, 2);
    expect(right.answer.correct).toBe(true);
    expect(right.result?.status).toBe('completed');
    expect(right.changes.status).toBe('completed');
    expect(run.demo.exam).toMatchObject({ status: 'completed', correct: 1, mistakes: 1 });

    expect(heard).toBe(2);
    expect(
      queued.map(({ question, rev, value, session, learner, qualification, pack: version }) => ({
        question,
        rev,
        value,
        session,
        learner,
        qualification,
        version,
      })),
    ).toEqual([
      { question: 1, rev: 'rev-1', value: 1, session: 'session-1', learner: 7, qualification: 2, version: 'v1' },
      { question: 2, rev: 'rev-2', value: 2, session: 'session-1', learner: 7, qualification: 2, version: 'v1' },
    ]);
    expect(new Set(queued.map((a) => a.client_id)).size).toBe(2);
  });

  it('does not show an answer as given when it could not be kept', async () => {
    const pack = stored([question(1), question(2)]);
    const run = createOfflineRun(pack, pack.pack.questions, 'session-2');
    const backend = offlineBackend(run, {
      record: async () => {
        throw new Error('quota');
      },
    });
    await expect(backend.answer(1, 2)).rejects.toThrow('quota');
    expect(run.demo.exam.answers[0]?.answered).toBe(false);
  });
});
