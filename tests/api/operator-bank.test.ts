// Issue 9 §6, end to end: an operator's Russian-only bank imported with --replace (the real
// importer, in this process) is the whole pool: exams draw only from it, a start-up does not bring
// the built-in bank back, and the public demo shows none of it unless the bank marks questions
// `demo: true` (then exactly those).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createApp } from '../../src/server/app';
import { runImport } from '../../src/server/cli/questions-import';
import { seedDemo } from '../../src/server/db/seed/demo';
import { loadContent } from '../../src/server/services/content';
import { syncQuestionContent } from '../../src/server/services/questions/sources';
import { trainingThemes } from '../../src/server/services/questions/themes';
import { parseClause } from '../../src/shared/clause';
import { makeBank } from '../support/bank';
import { signedIn } from '../support/client';
import { createTestDb, dialects, type TestDb } from '../support/db';

interface Question {
  id: number;
  text: string;
  lang?: string;
  answers: { text: string }[];
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'zhol-operator-bank-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A Russian-only bank in two themes, one of its own (50 questions for category B), with a bank.yaml. */
function writeRussianBank(name: string, demo: string[] = []): string {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  const bank = [...makeBank(['ru-pdd'], 30, 'acme'), ...makeBank(['signs'], 20, 'acme')];
  for (const theme of ['ru-pdd', 'signs']) {
    writeFileSync(
      join(folder, `${theme}.yaml`),
      stringify({
        theme,
        questions: bank
          .filter((q) => q.theme === theme)
          .map(({ theme: _t, ...q }) => ({
            ...q,
            image: null,
            categories: ['B'],
            text: { ru: q.text.ru },
            answers: q.answers.map((a) => ({ ru: a.ru })),
            explanation: { ru: q.explanation.ru },
            ...(demo.includes(q.id) ? { demo: true } : {}),
          })),
      }),
    );
  }
  writeFileSync(
    join(folder, 'bank.yaml'),
    'version: "acme-1"\nlanguages: [ru]\nthemes:\n  - code: ru-pdd\n    name: { ru: Общие положения }\n',
  );
  return folder;
}

describe.each(dialects)("an operator's Russian-only bank with --replace on %s", (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  let cookie = '';
  let b = 0;

  beforeAll(async () => {
    t = await createTestDb(dialect);
    await syncQuestionContent(t.deps.db, loadContent());
    await seedDemo(t.deps.db, t.clock.now);
    cookie = (await signedIn(app, 'learner')).cookie;
    b = (await t.deps.db.selectFrom('qualifications').select('id').where('code', '=', 'B').executeTakeFirstOrThrow())
      .id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const runBank = async (args: string[]) => {
    let stdout = '';
    let stderr = '';
    const status = await runImport(args, {
      stdout: (s) => {
        stdout += s;
      },
      stderr: (s) => {
        stderr += s;
      },
      env: { DATABASE_URL: t.deps.config.DATABASE_URL, ZHOL_MEDIA_DIR: join(dir, `media-${dialect}`) },
    });
    return { status, stdout, stderr };
  };
  const importBank = async (args: string[]) => {
    const { status, stdout, stderr } = await runBank(args);
    expect(status, stderr).toBe(0);
    return stdout;
  };
  const activeCount = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('questions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('retired_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const imported = async () =>
    new Set(
      (await t.deps.db.selectFrom('questions').select('id').where('source', '=', 'import').execute()).map((r) => r.id),
    );
  const idsOf = async (codes: string[]) =>
    (await t.deps.db.selectFrom('questions').select('id').where('code', 'in', codes).execute())
      .map((r) => r.id)
      .sort((x, y) => x - y);
  const demo = async (lang = 'en') =>
    (await (
      await app.request('/rest/v2/core/user/access/qualification/demo', { headers: { 'accept-language': lang } })
    ).json()) as { questions: (Question & { correct_value: number; clause: string })[] };
  /** Starts (then cancels) a test of category B in English and gives its questions. */
  const examQuestions = async (prepare: boolean) => {
    const headers = { cookie, 'accept-language': 'en', 'content-type': 'application/json' };
    const res = await app.request(
      '/rest/v1/core/user/examinations/start/',
      { method: 'POST', headers, body: JSON.stringify({ qualification: b, prepare, continue: false, language: 'en' }) },
      { clientAddress: '10.9.0.2' },
    );
    expect(res.status).toBe(200);
    const exam = (await res.json()) as { id: number; questions: Question[] };
    await app.request(
      '/rest/v1/core/user/examinations/finish/',
      { method: 'POST', headers, body: JSON.stringify({ examination: exam.id, status: 'cancelled' }) },
      { clientAddress: '10.9.0.2' },
    );
    return exam.questions;
  };

  it('offers the built-in themes for the themes training while the built-in bank holds', async () => {
    const themes = await trainingThemes(t.deps.db, b, 'en');
    const blueprint = await t.deps.db
      .selectFrom('qualification_themes as qt')
      .innerJoin('themes as th', 'th.id', 'qt.theme_id')
      .select(['th.code', 'qt.exam_questions'])
      .where('qt.qualification_id', '=', b)
      .orderBy('qt.sort')
      .execute();
    // The blueprint's themes first, in its order; then themes with questions for B that the exam does not
    // draw on (heavy-vehicles: towing and carrying goods), offered for training with no exam share.
    const offered = themes.map((th) => [th.code, th.exam_questions]);
    expect(offered.slice(0, blueprint.length)).toEqual(blueprint.map((r) => [r.code, r.exam_questions]));
    expect(offered.slice(blueprint.length)).toEqual([['heavy-vehicles', 0]]);
  }, 60_000);

  it('draws exams only from it, in Russian marked as such, and keeps it so across a start-up; the demo shows none of it', async () => {
    const builtIn = (await demo()).questions;
    const builtInDemo = builtIn.map((q) => q.id);
    expect(builtInDemo).toHaveLength(20);
    // The built-in bank's clauses point into the rules: the demo's explanations link there.
    expect(builtIn.filter((q) => !parseClause(q.clause))).toEqual([]);

    // The bank serves category B only (BE draws on B too): --replace would leave C, CE, A and D with
    // nothing to draw, so it is refused, naming them, and changes nothing…
    const active = await activeCount();
    const refused = await runBank([writeRussianBank('unmarked'), '--replace']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /^--replace would leave categories C, CE, A, D with no questions \(this bank has none for them\).*Nothing was imported\.\n.*--allow-empty-categories/,
    );
    expect(await imported()).toEqual(new Set());
    expect(await activeCount()).toBe(active);
    // The built-in bank still serves: its questions come in the learner's English.
    expect((await examQuestions(false)).every((q) => q.lang === 'en')).toBe(true);
    // …unless the operator says it is meant so; then it warns.
    const { stdout: out, stderr: warned } = await runBank([
      writeRussianBank('unmarked'),
      '--replace',
      '--allow-empty-categories',
    ]);
    expect(warned).toContain('Warning: categories C, CE, A, D are left with no questions (--allow-empty-categories)');
    expect(out).toMatch(/Imported 50 questions .* 50 added/);
    expect(out).toMatch(/This bank is now the whole pool: \d+ other questions .* were retired/);
    const mine = await imported();
    expect(mine.size).toBe(50);

    for (const prepare of [false, true]) {
      const questions = await examQuestions(prepare);
      expect(questions).toHaveLength(40);
      expect(questions.filter((q) => !mine.has(q.id))).toEqual([]);
      // The learner's test language is English; the bank has only Russian, and says so.
      expect(
        questions.every((q) => q.lang === 'ru' && /^Вопрос /.test(q.text) && /^Ответ /.test(q.answers[0]!.text)),
      ).toBe(true);
    }
    // A restart loads content/questions again, but the built-in bank stays retired.
    await syncQuestionContent(t.deps.db, loadContent());
    expect((await examQuestions(false)).filter((q) => !mine.has(q.id))).toEqual([]);

    // The themes training offers the bank's themes, not the built-in ones it replaced.
    expect((await trainingThemes(t.deps.db, b, 'en')).map((th) => [th.code, th.name, th.exam_questions])).toEqual([
      ['signs', 'Road signs', 6],
      ['ru-pdd', 'Общие положения', 0],
    ]);

    // The licensed bank never reaches the public demo: it keeps the built-in demo set.
    const shown = (await demo()).questions;
    expect(shown.filter((q) => mine.has(q.id))).toEqual([]);
    expect(shown.map((q) => q.id)).toEqual(builtInDemo);
  }, 60_000);

  it('shows exactly the questions the bank marks demo: true', async () => {
    const marked = ['acme-ru-pdd-001', 'acme-ru-pdd-007', 'acme-signs-003'];
    await importBank([writeRussianBank('marked', marked), '--replace', '--allow-empty-categories']);
    const shown = (await demo()).questions;
    expect(shown.map((q) => q.id).sort((x, y) => x - y)).toEqual(await idsOf(marked));
    expect(shown.every((q) => q.lang === 'ru' && q.correct_value >= 1)).toBe(true);
    // An imported bank's clauses are its own free text ("3.1"), shown as they are, with no link.
    expect(shown.every((q) => q.clause.length > 0 && parseClause(q.clause) === null)).toBe(true);
    // Unmarked again: back to none of it.
    await importBank([writeRussianBank('unmarked-again'), '--replace', '--allow-empty-categories']);
    const mine = await imported();
    expect((await demo()).questions.filter((q) => mine.has(q.id))).toEqual([]);
  }, 60_000);

  it("the tests page claims only what the bank's bank.yaml claims, in its language; --restore-builtin brings ours back", async () => {
    const bank = (lang: string) => app.request('/rest/v1/domain/online/bank', { headers: { 'accept-language': lang } });
    // Replaced, with a bank.yaml that claims nothing: a version and no Kazakhstan rules, no video, no 100 % match.
    expect(await (await bank('en')).json()).toEqual({ version: 'acme-1', changes: [], description: null, claims: [] });
    const folder = writeRussianBank('claims');
    writeFileSync(
      join(folder, 'bank.yaml'),
      'version: "acme-2"\nlanguages: [ru]\nthemes:\n  - { code: ru-pdd, name: { ru: Общие положения } }\n' +
        'description: { ru: Вопросы по правилам Республики Примера. }\nclaims:\n  - { title: { ru: Без видео }, text: { ru: "Только картинки, с видео: {{videos}}. Всего: {{ questions }}." } }\n',
    );
    await importBank([folder, '--replace', '--allow-empty-categories']);
    expect(await (await bank('en')).json()).toEqual({
      version: 'acme-2',
      changes: [],
      description: { text: 'Вопросы по правилам Республики Примера.', lang: 'ru' },
      // The numbers are the imported bank's own, counted in the database.
      claims: [
        {
          title: { text: 'Без видео', lang: 'ru' },
          text: { text: 'Только картинки, с видео: 0. Всего: 50.', lang: 'ru' },
        },
      ],
    });
    const out = await importBank(['--restore-builtin']);
    expect(out).toMatch(
      /The built-in bank is the pool again: \d+ built-in questions active, 50 imported questions retired\./,
    );
    expect((await bank('en')).status).toBe(204);
    const mine = await imported();
    expect((await examQuestions(false)).filter((q) => mine.has(q.id))).toEqual([]);
  }, 60_000);
});
