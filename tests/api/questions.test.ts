import { spawnSync } from 'node:child_process';
import { createApp } from '../../src/server/app';
import { parseServerConfig } from '../../src/server/config';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse, stringify } from 'yaml';
import { createDb, migrateToLatest } from '../../src/server/db/client';
import BetterSqlite3 from 'better-sqlite3';
import { describeDatabase, runImport } from '../../src/server/cli/questions-import';
import { questionTexts } from '../../src/server/services/questions/texts';
import { readBankMeta } from '../../src/server/services/bank-meta';
import { loadContent } from '../../src/server/services/content';
import { syncContent } from '../../src/server/services/content-sync';
import { builtInReplacedAt } from '../../src/server/services/bank-meta';
import { loadBank } from '../../src/server/services/questions/load';
import { bankFiles, readBank } from '../../src/server/services/questions/read';
import {
  foreignIds,
  replaceOtherSources,
  restoreBuiltIn,
  syncQuestionContent,
} from '../../src/server/services/questions/sources';
import { makeBank } from '../support/bank';
import { createTestDb, dialects, type TestDb } from '../support/db';

const THEMES = ['general', 'signs', 'markings', 'speed'];
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'zhol-bank-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function writeBank(name: string, files: Record<string, string>): string {
  const folder = join(dir, name);
  mkdirSync(join(folder, 'images'), { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(folder, file), text);
  return folder;
}
/** The bank in Russian only (what a foreign operator's bank often is). */
const russianOnly = (questions: ReturnType<typeof makeBank>) =>
  questions.map(({ theme: _t, ...q }) => ({
    ...q,
    image: null,
    text: { ru: q.text.ru },
    answers: q.answers.map((a) => ({ ru: a.ru })),
    explanation: { ru: q.explanation.ru },
  }));
const fileOf = (theme: string, questions: ReturnType<typeof makeBank>) =>
  stringify({ theme, questions: questions.map(({ theme: _t, ...q }) => ({ ...q, image: null })) });

describe('reading a bank', () => {
  const themes = new Set(THEMES);
  it('accepts a valid bank', () => {
    const folder = writeBank('ok', { 'signs.yaml': fileOf('signs', makeBank(['signs'], 3)) });
    const { questions, problems } = readBank([join(folder, 'signs.yaml')], { themes });
    expect(problems).toEqual([]);
    expect(questions).toHaveLength(3);
  });

  it('reports every problem of a file, each at its own line, although the file also fails the schema', () => {
    const folder = writeBank('three', {
      'own.yaml': [
        'theme: nope', //                                             1: unknown theme
        'questions:',
        '  - id: own-001',
        '    categories: [B]',
        '    clause: "1.1"',
        '    image: own/missing.svg', //                              6: no such picture
        '    text: { ru: Вопрос, kz: Сұрақ, en: Question }',
        '    answers:',
        '      - { ru: Да, kz: Иә, en: "Yes" }',
        '      - { ru: Нет, kz: Жоқ, en: "No" }',
        '    correct: 3', //                                         11: only 2 answers
        '    explanation: { ru: Потому, kz: Себебі, en: Because }',
        '',
      ].join('\n'),
    });
    const { problems, questions } = readBank([join(folder, 'own.yaml')], { themes, imagesDir: join(folder, 'images') });
    expect(problems.map((p) => `${p.line}: ${p.message}`)).toEqual([
      '1: theme: unknown theme "nope" (a theme of content/themes.yaml or of the bank\'s bank.yaml themes:)',
      `6: questions.0.image: no file own/missing.svg in ${join(folder, 'images')}`,
      '11: questions.0.correct: must be between 1 and 2',
    ]);
    expect(questions).toEqual([]);
  });

  it('reports every problem with its file and line', () => {
    const good = makeBank(['signs'], 3);
    const text = fileOf('signs', good)
      .replace(`correct: ${good[1]!.correct}`, 'correct: 9')
      .replace('kz: Сұрақ signs 3', 'kz: ""')
      .replace(/ +en: Question signs 1\n/, '') // a missing language
      .replace(/ {6}- ru: Ответ 2\n[^]*?en: Answer 3\n/, '') // leaves signs-001 one answer
      .replace('clause: "2.1"', 'clause: "2.1"\n    colour: red');
    const folder = writeBank('bad', {
      'signs.yaml': text,
      'speed.yaml': stringify({
        theme: 'nope',
        questions: [{ ...makeBank(['speed'], 1)[0], theme: undefined, id: 'gen-signs-001', image: 'missing.svg' }],
      }),
      'broken.yaml': 'theme: signs\nquestions: [\n',
    });
    const { problems } = readBank(
      ['signs.yaml', 'speed.yaml', 'broken.yaml'].map((f) => join(folder, f)),
      { themes, imagesDir: join(folder, 'images') },
    );
    const lines = problems.map((p) => `${p.file.split('/').pop()}:${p.line}: ${p.message}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^signs\.yaml:\d+: questions\.1\.correct: must be between 1 and \d/),
        expect.stringMatching(/^signs\.yaml:\d+: questions\.2\.text\.kz: must not be empty/),
        expect.stringMatching(/^signs\.yaml:\d+: questions\.0\.text\.en: missing/),
        expect.stringMatching(/^signs\.yaml:\d+: questions\.0\.answers: at least 2 answers/),
        expect.stringMatching(/^signs\.yaml:\d+: questions\.1\.colour: unknown field/),
        expect.stringMatching(/^speed\.yaml:1: theme: unknown theme "nope"/),
        expect.stringMatching(/^speed\.yaml:\d+: questions\.0\.id: "gen-signs-001" is also used in/),
        expect.stringMatching(/^speed\.yaml:\d+: questions\.0\.image: no file missing\.svg/),
        expect.stringMatching(/^broken\.yaml:\d+: /),
      ]),
    );
    // The line points at the offending field, not the file's start.
    const lineFor = (start: string) => text.split('\n')[problems.find((p) => p.message.startsWith(start))!.line! - 1];
    expect(lineFor('questions.1.correct')).toContain('correct: 9');
    expect(lineFor('questions.0.text.en')).toMatch(/^ {4}text:/);
    expect(lineFor('questions.0.answers')).toMatch(/^ {4}answers:/);
    expect(lineFor('questions.1.colour')).toContain('colour: red');
  });

  it('refuses ids another source holds and pictures the built-in bank already serves under that path', () => {
    const built = join(dir, 'built');
    mkdirSync(join(built, 'images/questions/signs'), { recursive: true });
    writeFileSync(join(built, 'images/questions/signs/q0.svg'), '<svg id="built"/>');
    const [q] = makeBank(['signs'], 1); // image signs/q0.svg
    const folder = writeBank('clash', {
      'signs.yaml': stringify({ theme: 'signs', questions: [{ ...q, theme: undefined }] }),
    });
    mkdirSync(join(folder, 'images/signs'));
    writeFileSync(join(folder, 'images/signs/q0.svg'), '<svg id="mine"/>');
    const options = {
      themes,
      imagesDir: join(folder, 'images'),
      builtMedia: [built],
      reserved: new Map([[q!.id, 'the built-in bank (signs.yaml)']]),
    };
    expect(readBank([join(folder, 'signs.yaml')], options).problems.map((p) => `${p.line}: ${p.message}`)).toEqual([
      `3: questions.0.id: "${q!.id}" belongs to the built-in bank (signs.yaml); give this question an id of its own`,
      `${
        readFileSync(join(folder, 'signs.yaml'), 'utf8')
          .split('\n')
          .findIndex((l) => l.includes('image:')) + 1
      }: questions.0.image: ` +
        `signs/q0.svg is also a file of the built-in bank (${join(built, 'images/questions/signs/q0.svg')}), which the server would show instead; give yours another name or folder`,
    ]);
    // The very same picture is harmless: the built one shows what the import meant.
    writeFileSync(join(folder, 'images/signs/q0.svg'), '<svg id="built"/>');
    expect(readBank([join(folder, 'signs.yaml')], { ...options, reserved: new Map() }).problems).toEqual([]);
  });

  it('reads a bank in the languages bank.yaml declares, and refuses texts of a question that lack its languages', () => {
    const [ruOnly, mixed, bad] = russianOnly(makeBank(['signs'], 3, 'lang'));
    const withEn = {
      ...mixed!,
      text: { ...mixed!.text, en: 'In English' },
      answers: mixed!.answers.map((a) => ({ ...a, en: 'Answer' })),
      explanation: { ...mixed!.explanation, en: 'Because' },
    };
    const missing = { ...bad!, text: { ...bad!.text, en: 'In English' } }; // its answers and explanation lack en
    const folder = writeBank('lang', {
      'signs.yaml': stringify({ theme: 'signs', questions: [ruOnly, withEn, missing] }),
    });
    const { questions, problems } = readBank([join(folder, 'signs.yaml')], { themes, languages: ['ru'] });
    expect(problems.map((p) => p.message)).toEqual([
      "questions.2.answers.0.en: missing (the question's text is in ru, en)",
      "questions.2.answers.1.en: missing (the question's text is in ru, en)",
      "questions.2.answers.2.en: missing (the question's text is in ru, en)",
      "questions.2.explanation.en: missing (the question's text is in ru, en)",
    ]);
    expect(questions.map((q) => q.langs)).toEqual([['ru'], ['ru', 'en']]);
    // Without the declaration all three are required, and the message says how to declare fewer.
    const strict = readBank([join(folder, 'signs.yaml')], { themes });
    expect(strict.problems[0]!.message).toMatch(
      /^questions\.0\.text\.kz: missing \(the bank's languages are ru, kz, en; a bank in fewer declares them in bank\.yaml, e\.g\. languages: \[ru\]\)/,
    );
  });

  it('marks the built-in demo set in content/questions: 20 questions of category B over the themes', () => {
    const { questions, problems } = readBank(bankFiles('content/questions'), {
      themes: new Set(loadContent().themes.map((t) => t.code)),
    });
    expect(problems).toEqual([]);
    const demo = questions.filter((q) => q.demo);
    expect(demo).toHaveLength(20);
    expect(demo.every((q) => q.categories.includes('B'))).toBe(true);
    expect(new Set(demo.map((q) => q.theme)).size).toBeGreaterThanOrEqual(10);
  }, 60_000);

  it('warns of a question no qualification draws, and imports it all the same', () => {
    const [drawn, never] = makeBank(['signs'], 2, 'drawn');
    const folder = writeBank('drawn', {
      'signs.yaml': stringify({
        theme: 'signs',
        questions: [
          { ...drawn, theme: undefined, image: null },
          { ...never, theme: undefined, image: null, categories: ['D'] },
        ],
      }),
    });
    const { questions, problems, warnings } = readBank([join(folder, 'signs.yaml')], {
      themes,
      drawnCategories: new Set(['A', 'B']),
    });
    expect(problems).toEqual([]);
    expect(questions).toHaveLength(2);
    expect(warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([
      expect.stringMatching(
        /^\d+: questions\.1\.categories: no test ever draws this question: no qualification serves D \(content\/qualifications\.yaml has A, B\)$/,
      ),
    ]);
  });

  it('refuses a video question without a picture, one answer, and six answers', () => {
    const [q] = makeBank(['signs'], 1);
    const variants = [
      { ...q, video: 'clip.webm', image: null },
      { ...q, answers: q!.answers.slice(0, 1), correct: 1 },
      { ...q, answers: [...q!.answers, ...q!.answers].slice(0, 6) },
    ];
    variants.forEach((v, i) => {
      const folder = writeBank(`v${i}`, {
        'signs.yaml': stringify({ theme: 'signs', questions: [{ ...v, theme: undefined }] }),
      });
      expect(readBank([join(folder, 'signs.yaml')], { themes }).problems.length, String(i)).toBeGreaterThan(0);
    });
  });
});

describe('plain messages for what operators get wrong', () => {
  const themes = new Set(THEMES);
  const one = (over: Record<string, unknown>) => ({
    ...makeBank(['signs'], 1, 'msg')[0],
    theme: undefined,
    image: null,
    ...over,
  });
  const problemsOf = (
    name: string,
    files: Record<string, string>,
    options: Partial<Parameters<typeof readBank>[1]> = {},
  ) => {
    const folder = writeBank(name, files);
    return readBank(bankFiles(folder), { themes, imagesDir: join(folder, 'images'), ...options }).problems.map(
      (p) => `${p.file.split('/').pop()}:${p.line}: ${p.message}`,
    );
  };

  it('two correct answers: exactly one is correct, and what was found', () => {
    expect(
      problemsOf('two-correct', { 'signs.yaml': stringify({ theme: 'signs', questions: [one({ correct: [1, 3] })] }) }),
    ).toEqual([
      expect.stringMatching(
        /^signs\.yaml:\d+: questions\.0\.correct: exactly one answer is correct: give its number, not a list \(found 1, 3\)$/,
      ),
    ]);
  });

  it('an empty file: said so, at line 1', () => {
    expect(problemsOf('empty', { 'signs.yaml': '', 'speed.yaml': '# nothing yet\n\n' })).toEqual([
      'signs.yaml:1: the file is empty; a bank file starts with its fields',
      'speed.yaml:1: the file is empty; a bank file starts with its fields',
    ]);
    expect(problemsOf('list', { 'signs.yaml': '- a\n- b\n' })).toEqual([
      'signs.yaml:1: (root): a bank file is a group of fields (theme: and questions:), not a list of 2 items',
    ]);
  });

  it('a picture path with Cyrillic letters or a space is taken when the file is there; a bad one says what is wrong', () => {
    const files = { 'signs.yaml': stringify({ theme: 'signs', questions: [one({ image: 'знаки/стоп знак.svg' })] }) };
    const folder = writeBank('cyrillic', files);
    mkdirSync(join(folder, 'images/знаки'));
    writeFileSync(join(folder, 'images/знаки/стоп знак.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(readBank(bankFiles(folder), { themes, imagesDir: join(folder, 'images') }).problems).toEqual([]);
    expect(
      problemsOf('bad-paths', {
        'signs.yaml': stringify({
          theme: 'signs',
          questions: [
            one({ image: '/home/me/стоп.svg' }),
            one({ id: 'msg-2', image: 'stop.gif' }),
            one({ id: 'msg-3', image: '../stop.svg' }),
          ],
        }),
      }).map((l) => l.replace(/^signs\.yaml:\d+: /, '')),
    ).toEqual([
      "questions.0.image: must be relative to the bank's images (or videos) folder, like signs/stop.svg, with forward slashes",
      'questions.1.image: must name a file ending in .svg, .png, .jpg, .jpeg, .webp, .webm, .mp4',
      'questions.2.image: must not leave the media folder',
    ]);
  });

  it('bad JSON is reported in JSON terms, with its line and column', () => {
    const json = JSON.stringify({ theme: 'signs', questions: [one({})] }, null, 2).replace('"clause"', '"clause" "x",');
    const line = json.split('\n').findIndex((l) => l.includes('"clause" "x"')) + 1;
    const [problem] = problemsOf('json', { 'signs.json': json });
    expect(problem).toMatch(new RegExp(`^signs\\.json:${line}: not valid JSON at line ${line}, column \\d+: `));
    expect(problem).not.toMatch(/YAML|flow|collection/i);
    // And valid JSON reads like YAML, lines included.
    expect(
      problemsOf('json-ok', {
        'signs.json': JSON.stringify({ theme: 'signs', questions: [one({ correct: 9 })] }, null, 2),
      }),
    ).toEqual([expect.stringMatching(/^signs\.json:\d+: questions\.0\.correct: must be between 1 and 3$/)]);
  });

  it("wrong kinds of value in plain words, not zod's", () => {
    const lines = problemsOf('kinds', {
      'signs.yaml': stringify({
        theme: 'signs',
        questions: [one({ categories: ['B', 'X'], answers: 'yes', clause: 5 })],
      }),
    }).map((l) => l.replace(/^signs\.yaml:\d+: /, ''));
    expect(lines).toEqual(
      expect.arrayContaining([
        'questions.0.categories.1: must be one of "A", "B", "BE", "C", "CE", "D", not the text "X"',
        'questions.0.answers: must be a list, not the text "yes"',
        'questions.0.clause: must be text, not the number 5',
      ]),
    );
    expect(lines.join('\n')).not.toMatch(/Invalid input|expected|received/);
  });

  it('bank.yaml: each problem at its line, and 2026-13-45 is no day', () => {
    const folder = writeBank('meta-lines', {});
    writeFileSync(
      join(folder, 'bank.yaml'),
      'version: "1"\nlanguages: [ru, de]\nchangelog:\n  - version: "1"\n    date: 2026-13-45\n    text: { ru: Первая }\n  - version: "0"\n    date: 2026-02-30\n    text: { ru: Нулевая }\ncolour: red\n',
    );
    const { problems } = readBankMeta(join(folder, 'bank.yaml'));
    expect(problems.map((p) => `${p.line}: ${p.message}`)).toEqual([
      '2: languages.1: must be one of "ru", "kz", "en", not the text "de"',
      '5: changelog.0.date: is not a day of the calendar (month 01–12, a day the month has)',
      '8: changelog.1.date: is not a day of the calendar (month 01–12, a day the month has)',
      '10: colour: unknown field',
    ]);
    writeFileSync(join(folder, 'bank.yaml'), '');
    expect(readBankMeta(join(folder, 'bank.yaml')).problems.map((p) => `${p.line}: ${p.message}`)).toEqual([
      '1: the file is empty; bank.yaml starts with its fields',
    ]);
  });
});

describe.each(dialects)('loading a bank on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  const active = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('questions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('retired_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is idempotent by id, updates in place and retires what a full load no longer has', async () => {
    const bank = makeBank(THEMES, 10);
    expect(await loadBank(t.deps.db, bank, { source: 'import', full: true })).toEqual({
      added: 40,
      updated: 0,
      unchanged: 0,
      retired: 0,
    });
    expect(await loadBank(t.deps.db, bank, { source: 'import', full: true })).toEqual({
      added: 0,
      updated: 0,
      unchanged: 40,
      retired: 0,
    });
    const edited = bank.map((q, i) =>
      i === 0 ? { ...q, text: { ...q.text, en: 'Edited' }, answers: q.answers.slice(0, 2), correct: 1 } : q,
    );
    expect(await loadBank(t.deps.db, edited, { source: 'import', full: true })).toMatchObject({
      updated: 1,
      unchanged: 39,
    });
    const first = await t.deps.db
      .selectFrom('questions')
      .selectAll()
      .where('code', '=', bank[0]!.id)
      .executeTakeFirstOrThrow();
    expect(first).toMatchObject({ text_en: 'Edited', answers_count: 2, correct: 1 });
    expect(
      await t.deps.db.selectFrom('question_answers').select('position').where('question_id', '=', first.id).execute(),
    ).toHaveLength(2);

    expect(await loadBank(t.deps.db, edited.slice(0, 30), { source: 'import', full: false })).toMatchObject({
      retired: 0,
    });
    expect(await active()).toBe(40);
    expect(await loadBank(t.deps.db, edited.slice(0, 30), { source: 'import', full: true })).toMatchObject({
      retired: 10,
    });
    expect(await active()).toBe(30);
    // Another source's full load leaves these alone; bringing one back revives it under its id.
    await loadBank(t.deps.db, makeBank(['signs'], 2, 'other'), { source: 'content', full: true });
    expect(await active()).toBe(32);
    const back = await loadBank(t.deps.db, edited.slice(0, 31), { source: 'import', full: true });
    expect(back).toMatchObject({ updated: 1, retired: 0 });
  }, 60_000);

  it('shows a reloaded question in its new wording at once, although texts are cached for the answer call', async () => {
    const bank = makeBank(['speed'], 2, 'cached');
    await loadBank(t.deps.db, bank, { source: 'import', full: false });
    const { id } = await t.deps.db
      .selectFrom('questions')
      .select('id')
      .where('code', '=', bank[0]!.id)
      .executeTakeFirstOrThrow();
    expect((await questionTexts(t.deps.db, [id], 'en')).get(id)).toMatchObject({
      text: bank[0]!.text.en,
      answers: [{ value: 1 }, { value: 2 }, { value: 3 }],
    });
    const edited = [
      { ...bank[0]!, text: { ...bank[0]!.text, en: 'Reworded' }, answers: bank[0]!.answers.slice(0, 2), correct: 2 },
    ];
    await loadBank(t.deps.db, edited, { source: 'import', full: false });
    expect((await questionTexts(t.deps.db, [id], 'en')).get(id)).toMatchObject({
      text: 'Reworded',
      correct: 2,
      answers: [{ value: 1 }, { value: 2 }],
    });
    // Each language is its own entry.
    expect((await questionTexts(t.deps.db, [id], 'ru')).get(id)?.text).toBe(bank[0]!.text.ru);
  }, 60_000);

  it("shows a question in the learner's language when it has it, else in its own, saying which", async () => {
    const [ru, ruKz] = makeBank(['speed'], 2, 'shown');
    const bank = [
      {
        ...ru!,
        langs: ['ru' as const],
        text: { ru: ru!.text.ru },
        answers: ru!.answers.map((a) => ({ ru: a.ru })),
        explanation: { ru: ru!.explanation.ru },
      },
      {
        ...ruKz!,
        langs: ['ru' as const, 'kz' as const],
        text: { ru: ruKz!.text.ru, kz: ruKz!.text.kz },
        answers: ruKz!.answers.map((a) => ({ ru: a.ru, kz: a.kz })),
        explanation: { ru: ruKz!.explanation.ru, kz: ruKz!.explanation.kz },
      },
    ];
    await loadBank(t.deps.db, bank, { source: 'import', full: false });
    const ids = await t.deps.db
      .selectFrom('questions')
      .select(['id', 'code'])
      .where(
        'code',
        'in',
        bank.map((q) => q.id),
      )
      .orderBy('code')
      .execute();
    const [ruId, ruKzId] = ids.map((r) => r.id) as [number, number];
    const en = await questionTexts(t.deps.db, [ruId, ruKzId], 'en');
    expect(en.get(ruId)).toMatchObject({
      lang: 'ru',
      text: ru!.text.ru,
      comment: ru!.explanation.ru,
      answers: [{ text: ru!.answers[0]!.ru }, {}, {}],
    });
    expect(en.get(ruKzId)).toMatchObject({ lang: 'ru', text: ruKz!.text.ru });
    const kz = await questionTexts(t.deps.db, [ruId, ruKzId], 'kz');
    expect(kz.get(ruId)).toMatchObject({ lang: 'ru', text: ru!.text.ru });
    expect(kz.get(ruKzId)).toMatchObject({
      lang: 'kz',
      text: ruKz!.text.kz,
      answers: [{ text: ruKz!.answers[0]!.kz }, {}, {}, {}],
    });
  }, 60_000);

  it('never takes over a question of another source; the start-up leaves imported ids to the import', async () => {
    const [mine] = makeBank(['signs'], 1, 'clash');
    const [gone] = makeBank(['signs'], 1, 'gone');
    await loadBank(t.deps.db, [mine!, gone!], { source: 'import', full: false });
    await expect(loadBank(t.deps.db, [mine!], { source: 'content', full: false })).rejects.toThrow(
      /another source.*clash-signs-001/,
    );
    const row = (code: string) =>
      t.deps.db.selectFrom('questions').selectAll().where('code', '=', code).executeTakeFirst();
    const retired = (await row(gone!.id))!;
    await t.deps.db
      .updateTable('questions')
      .set({ retired_at: new Date().toISOString() })
      .where('id', '=', retired.id)
      .execute();

    // A built-in bank that has gained both ids, and one of its own.
    const content = join(dir, `content-${dialect}`);
    mkdirSync(join(content, 'questions'), { recursive: true });
    const builtIn = [mine, gone, ...makeBank(['signs'], 1, 'own')].map((q) => ({
      ...q!,
      image: null,
      text: { ...q!.text, en: 'Built in' },
    }));
    writeFileSync(join(content, 'questions/signs.yaml'), fileOf('signs', builtIn));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(
        await syncQuestionContent(t.deps.db, { themes: [{ code: 'signs' }] }, content, join(dir, 'no-public')),
      ).toMatchObject({ added: 2, updated: 0 });
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/1 built-in question.*clash-signs-001 from import/));
    } finally {
      warn.mockRestore();
    }
    // The active imported question is untouched; the retired one gave its id up and kept its row.
    expect(await row(mine!.id)).toMatchObject({ source: 'import', text_en: mine!.text.en, retired_at: null });
    expect(await row(gone!.id)).toMatchObject({ source: 'content', text_en: 'Built in', retired_at: null });
    expect(
      await t.deps.db
        .selectFrom('questions')
        .select(['code', 'source', 'text_en'])
        .where('id', '=', retired.id)
        .executeTakeFirst(),
    ).toEqual({ code: `${gone!.id}~${retired.id}`, source: 'import', text_en: gone!.text.en });

    // What an import may not use: the built-in ids in the database and in content/questions.
    const foreign = await foreignIds(t.deps.db, 'import', content);
    expect(foreign.get('own-signs-001')).toBe(`the built-in bank (${join(content, 'questions/signs.yaml')})`);
    expect(foreign.get(mine!.id)).toMatch(/^the built-in bank/);
    expect(foreign.has('gen-signs-001')).toBe(false);
  }, 60_000);

  it('replaces the whole pool: the built-in bank is retired and stays so across start-ups until restored', async () => {
    const content = loadContent();
    const sources = async () =>
      Object.fromEntries(
        (
          await t.deps.db
            .selectFrom('questions')
            .select(['source', (eb) => eb.fn.countAll<number>().as('n')])
            .where('retired_at', 'is', null)
            .groupBy('source')
            .orderBy('source')
            .execute()
        ).map((r) => [r.source, Number(r.n)]),
      );
    await syncQuestionContent(t.deps.db, content);
    const builtIn = (await sources()).content!;
    expect(builtIn).toBeGreaterThan(100);
    const mine = makeBank(['signs', 'speed'], 5, 'mine');
    await loadBank(t.deps.db, mine, { source: 'import', full: true });
    expect((await sources()).import).toBeGreaterThanOrEqual(10);
    expect(await replaceOtherSources(t.deps.db, 'import')).toBeGreaterThanOrEqual(builtIn);
    await loadBank(t.deps.db, mine, { source: 'import', full: true });
    expect(await sources()).toEqual({ import: 10 });
    // A start-up loads the built-in bank (kept up to date for history) but leaves it retired.
    expect(await syncQuestionContent(t.deps.db, content)).toMatchObject({ added: 0, retired: 0 });
    expect(await sources()).toEqual({ import: 10 });
    expect(await builtInReplacedAt(t.deps.db)).not.toBeNull();
    // Going back: the built-in bank is the pool again, the imported questions retired (not deleted).
    expect(await restoreBuiltIn(t.deps.db, content)).toMatchObject({ retired: 10 });
    expect(await sources()).toEqual({ content: builtIn });
    expect(await builtInReplacedAt(t.deps.db)).toBeNull();
    expect(
      await t.deps.db
        .selectFrom('questions')
        .select('id')
        .where(
          'code',
          'in',
          mine.map((q) => q.id),
        )
        .execute(),
    ).toHaveLength(10);
    await syncQuestionContent(t.deps.db, content);
    expect(await sources()).toEqual({ content: builtIn });
  }, 60_000);

  it('imports a bank of 2,000 questions, read and checked from files, then loaded', async () => {
    // The whole path of the import, from disk (speed is measured by npm run bench, not asserted).
    const big = makeBank(THEMES, 500, 'big');
    const folder = writeBank(
      `big-${dialect}`,
      Object.fromEntries(
        THEMES.map((theme) => [
          `${theme}.yaml`,
          stringify({ theme, questions: big.filter((q) => q.theme === theme).map(({ theme: _t, ...q }) => q) }),
        ]),
      ),
    );
    for (const q of big.filter((b) => b.image)) {
      mkdirSync(join(folder, 'images', q.theme), { recursive: true });
      writeFileSync(join(folder, 'images', q.image!), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    }
    const { questions, problems } = readBank(bankFiles(folder), {
      themes: new Set(THEMES),
      imagesDir: join(folder, 'images'),
      reserved: await foreignIds(t.deps.db, 'bulk', join(dir, 'no-content')),
    });
    expect(problems).toEqual([]);
    expect(questions).toHaveLength(2000);
    expect(await loadBank(t.deps.db, questions, { source: 'bulk', full: true })).toMatchObject({ added: 2000 });
    expect(await loadBank(t.deps.db, questions, { source: 'bulk', full: true })).toMatchObject({ unchanged: 2000 });
  }, 120_000);
});

describe('npm run questions:import', () => {
  // In-process: the command's own function with captured output (the spawned command is smoke-tested once below).
  const run = async (args: string[], db: string, env: NodeJS.ProcessEnv = {}) => {
    let stdout = '';
    let stderr = '';
    const status = await runImport(args, {
      stdout: (t) => {
        stdout += t;
      },
      stderr: (t) => {
        stderr += t;
      },
      env: { DATABASE_URL: `file:${db}`, ZHOL_MEDIA_DIR: join(dir, 'media'), ...env },
    });
    return { status, stdout, stderr };
  };

  it('runs as the real command: usage and exit code 2 without a bank', () => {
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/questions-import.ts'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/^Usage: npm run questions:import/);
  }, 60_000);

  it('imports nothing when anything is wrong, then imports, idempotently, copying pictures', async () => {
    const db = join(dir, 'cli.db');
    const bank = makeBank(['signs'], 4);
    const folder = writeBank('cli', {
      'signs.yaml': stringify({ theme: 'signs', questions: bank.map(({ theme: _t, ...q }) => q) }),
    });
    const bad = await run([folder], db);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/nothing was imported/);
    expect(bad.stderr).toMatch(/signs\.yaml:\d+: questions\.0\.image: no file signs\/q0\.svg/);
    const { db: kdb } = createDb(`file:${db}`);
    try {
      expect(await kdb.selectFrom('questions').select('id').execute()).toEqual([]);
      mkdirSync(join(folder, 'images/signs'), { recursive: true });
      writeFileSync(join(folder, 'images/signs/q0.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      const ok = await run([folder, '--full'], db);
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toMatch(/Imported 4 questions from 1 files .*4 added/);
      expect(await kdb.selectFrom('questions').select('id').execute()).toHaveLength(4);
      expect((await run([folder, '--full'], db)).stdout).toMatch(/0 added, 0 updated, 4 unchanged, 0 retired/);
      expect(spawnSync('test', ['-f', join(dir, 'media/images/questions/signs/q0.svg')]).status).toBe(0);
    } finally {
      await kdb.destroy();
    }
  }, 60_000);

  it('--dry-run creates and migrates no database; an import names the database and media folder it wrote to', async () => {
    const folder = writeBank('cli-dry', {
      'signs.yaml': stringify({
        theme: 'signs',
        questions: makeBank(['signs'], 2, 'dry').map(({ theme: _t, image: _i, ...q }) => q),
      }),
    });
    const absent = join(dir, 'no-such-folder', 'zhol.db');
    const dry = await run([folder, '--dry-run'], absent);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(
      /^2 questions in 1 files are valid \(no migrated database to read: ids were checked against the built-in bank only\)\. Nothing was written\.$/m,
    );
    expect(existsSync(absent)).toBe(false);
    expect(existsSync(join(dir, 'no-such-folder'))).toBe(false);
    // An existing but empty database is not migrated either.
    const empty = join(dir, 'empty.db');
    new BetterSqlite3(empty).close();
    expect((await run([folder, '--dry-run'], empty)).status).toBe(0);
    const tables = new BetterSqlite3(empty, { readonly: true });
    try {
      expect(tables.prepare('select name from sqlite_master').all()).toEqual([]);
    } finally {
      tables.close();
    }
    const ok = await run([folder], join(dir, 'cli-dry.db'));
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(`Database: SQLite ${join(dir, 'cli-dry.db')}`);
    expect(ok.stdout).toContain(`Media folder: ${join(dir, 'media')}`);
    expect(describeDatabase('postgres://zhol:secret@db.example:5432/zhol')).toBe(
      'PostgreSQL postgres://zhol:***@db.example:5432/zhol',
    );
  }, 60_000);

  it('takes --allow-empty-categories only with --replace (a usage error otherwise)', async () => {
    const folder = writeBank('cli-allow', {
      'signs.yaml': stringify({
        theme: 'signs',
        questions: makeBank(['signs'], 1, 'allow').map(({ theme: _t, image: _i, ...q }) => q),
      }),
    });
    const db = join(dir, 'cli-allow.db');
    const res = await run([folder, '--allow-empty-categories'], db);
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(
      /^Usage: npm run questions:import -- <file or folder> \[--full \| --replace \[--allow-empty-categories\]\]/,
    );
    expect(existsSync(db)).toBe(false);
  });

  it('--dry-run reads an existing SQLite file without leaving -wal or -shm files or changing it', async () => {
    const folder = writeBank('cli-readonly', {
      'signs.yaml': stringify({
        theme: 'signs',
        questions: makeBank(['signs'], 2, 'ro').map(({ theme: _t, image: _i, ...q }) => q),
      }),
    });
    const db = join(dir, 'cli-readonly.db');
    expect((await run([folder], db)).status).toBe(0);
    const sideFiles = () => ['-wal', '-shm', '-journal'].filter((suffix) => existsSync(`${db}${suffix}`));
    expect(sideFiles()).toEqual([]);
    const before = readFileSync(db);
    const dry = await run([folder, '--dry-run'], db);
    expect(dry.status, dry.stderr).toBe(0);
    // The database was read (its ids checked), not passed over.
    expect(dry.stdout).toMatch(/^2 questions in 1 files are valid\. Nothing was written\.$/m);
    expect(sideFiles()).toEqual([]);
    expect(readFileSync(db).equals(before)).toBe(true);
    // With the file open elsewhere (a running server: its -wal is there), the dry run reads it all the same.
    const server = new BetterSqlite3(db);
    try {
      server.pragma('journal_mode = WAL');
      server.prepare('select count(*) from questions').get();
      expect(existsSync(`${db}-wal`)).toBe(true);
      const beside = await run([folder, '--dry-run'], db);
      expect(beside.status, beside.stderr).toBe(0);
      expect(beside.stdout).toMatch(/^2 questions in 1 files are valid\. Nothing was written\.$/m);
    } finally {
      server.close();
    }
    expect(sideFiles()).toEqual([]);
  }, 60_000);

  it('reports an invalid bank.yaml alone, not its consequence for every question', async () => {
    const db = join(dir, 'cli-bad-meta.db');
    const folder = writeBank('cli-bad-meta', {
      'signs.yaml': stringify({ theme: 'signs', questions: russianOnly(makeBank(['signs'], 30, 'badmeta')) }),
      // A misspelt field: the file is refused, and with it its languages: [ru].
      'bank.yaml': 'languages: [ru]\nverison: "2"\n',
    });
    const bad = await run([folder], db);
    expect(bad.status).toBe(1);
    expect(bad.stderr.trimEnd().split('\n')).toEqual([
      '1 problem in bank.yaml; nothing was imported (the questions are checked once it is right).',
      expect.stringMatching(/bank\.yaml:2: verison: unknown field$/),
      'By kind:',
      expect.stringMatching(/^ +1 {2}verison: unknown field$/),
    ]);
    expect(existsSync(db)).toBe(false);
    writeFileSync(join(folder, 'bank.yaml'), 'languages: [ru]\nversion: "2"\n');
    const ok = await run([folder], db);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/Imported 30 questions/);
  }, 60_000);

  it('sums up a refused bank: the first 20 problems, the counts by kind, and how to declare a one-language bank', async () => {
    const db = join(dir, 'cli-summary.db');
    const folder = writeBank('cli-summary', {
      'signs.yaml': stringify({ theme: 'signs', questions: russianOnly(makeBank(['signs'], 30, 'sum')) }),
    });
    const bad = await run([folder], db);
    expect(bad.status).toBe(1);
    const lines = bad.stderr.trimEnd().split('\n');
    // Per question: text.kz, text.en (the missing ones; its other texts follow the question's text).
    expect(lines[0]).toBe('60 problems; nothing was imported.');
    expect(lines.slice(1, 21).every((l) => /signs\.yaml:\d+: questions\.\d+\.text\.(kz|en): missing/.test(l))).toBe(
      true,
    );
    expect(lines[21]).toBe('… and 40 more.');
    expect(lines.slice(22)).toEqual([
      'By kind:',
      expect.stringMatching(
        /^ +30 {2}text\.kz: missing \(the bank's languages are ru, kz, en; a bank in fewer declares them in bank\.yaml, e\.g\. languages: \[ru\]\)$/,
      ),
      expect.stringMatching(/^ +30 {2}text\.en: missing/),
    ]);
    // Declared, the same files import, and the importer says so.
    writeFileSync(join(folder, 'bank.yaml'), 'languages: [ru]\n');
    const ok = await run([folder], db);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/Imported 30 questions/);
  }, 60_000);

  it("brings the bank's own themes, which the start-up leaves alone, and warns of what no test draws", async () => {
    const db = join(dir, 'cli-themes.db');
    const own = russianOnly(makeBank(['signs'], 2, 'themed'));
    const folder = writeBank('cli-themes', {
      'pdd-1.yaml': stringify({ theme: 'pdd-1', questions: own }),
      'bank.yaml':
        'languages: [ru]\nthemes:\n  - code: pdd-1\n    name: { ru: Общие положения }\n  - code: signs\n    name: { ru: Знаки }\n',
    });
    const clash = await run([folder], db);
    expect(clash.status).toBe(1);
    expect(clash.stderr).toContain(
      `bank.yaml:5: themes.1.code: "signs" is a built-in theme (content/themes.yaml): use it without declaring it, or give yours another code`,
    );
    writeFileSync(
      join(folder, 'bank.yaml'),
      'languages: [ru]\nthemes:\n  - code: pdd-1\n    name: { ru: Общие положения, en: General }\n',
    );
    const ok = await run([folder], db);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stderr).toMatch(/^1 warning \(imported all the same\):\n.*themes: pdd-1 is in no exam blueprint/);
    const { db: kdb } = createDb(`file:${db}`);
    try {
      const theme = () =>
        kdb
          .selectFrom('themes')
          .select(['id', 'source', 'name_ru', 'name_kz', 'name_en', 'retired_at'])
          .where('code', '=', 'pdd-1')
          .executeTakeFirstOrThrow();
      expect(await theme()).toMatchObject({
        source: 'import',
        name_ru: 'Общие положения',
        name_kz: 'Общие положения',
        name_en: 'General',
        retired_at: null,
      });
      await syncContent(kdb, loadContent());
      expect((await theme()).retired_at).toBeNull();
      const { id } = await theme();
      expect(await kdb.selectFrom('questions').select('code').where('theme_id', '=', id).execute()).toHaveLength(2);
    } finally {
      await kdb.destroy();
    }
  }, 60_000);

  it("takes the base's version from a bank.yaml in the folder, refusing a bad one, and the API names it", async () => {
    const db = join(dir, 'cli-meta.db');
    const folder = writeBank('cli-meta', {
      'signs.yaml': stringify({
        theme: 'signs',
        questions: makeBank(['signs'], 2, 'meta').map(({ theme: _t, image: _i, ...q }) => q),
      }),
    });
    writeFileSync(
      join(folder, 'bank.yaml'),
      'version: "7.1"\nchangelog:\n  - version: "7.1"\n    date: 2026-11-20\n    text: { ru: Обновлено }\n',
    );
    const bad = await run([folder], db);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/bank\.yaml:5: changelog\.0\.text\.kz: missing/);
    // Refused before any database was opened: none was made.
    expect(existsSync(db)).toBe(false);
    const { db: before } = createDb(`file:${db}`);
    try {
      await migrateToLatest(before);
      // No import has named a base: 204, and the page keeps the built-in version it was built with.
      const app = createApp(async () => ({ db: before, config: parseServerConfig({}), now: () => new Date() }));
      expect((await app.request('/rest/v1/domain/online/bank')).status).toBe(204);
    } finally {
      await before.destroy();
    }
    writeFileSync(
      join(folder, 'bank.yaml'),
      'version: "7.1"\nchangelog:\n  - version: "7.1"\n    date: 2026-11-20\n    text: { ru: Обновлено, kz: Жаңартылды, en: Updated }\n',
    );
    const ok = await run([folder], db);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('version 7.1');
    const { db: kdb } = createDb(`file:${db}`);
    try {
      const app = createApp(async () => ({ db: kdb, config: parseServerConfig({}), now: () => new Date() }));
      const res = await app.request('/rest/v1/domain/online/bank?upd=1', { headers: { 'accept-language': 'kk' } });
      expect(await res.json()).toEqual({
        version: '7.1',
        changes: [{ version: '7.1', date: '2026-11-20', text: 'Жаңартылды', lang: 'kz' }],
        description: null,
        claims: [],
      });
    } finally {
      await kdb.destroy();
    }
  }, 60_000);

  it('refuses an id of the built-in bank and a picture path the build already serves', async () => {
    const db = join(dir, 'cli-clash.db');
    const builtInId = (parse(readFileSync('content/questions/signs.yaml', 'utf8')) as { questions: { id: string }[] })
      .questions[0]!.id;
    const builtPicture = `signs/${readdirSync('public/images/questions/signs').find((f) => f.endsWith('.svg'))}`;
    const [q] = makeBank(['signs'], 1);
    const folder = writeBank('cli-clash', {
      'signs.yaml': stringify({
        theme: 'signs',
        questions: [{ ...q, theme: undefined, id: builtInId, image: builtPicture }],
      }),
    });
    mkdirSync(join(folder, 'images/signs'));
    writeFileSync(join(folder, 'images', builtPicture), '<svg xmlns="http://www.w3.org/2000/svg"><!-- mine --></svg>');
    const bad = await run([folder], db);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^2 problems; nothing was imported\./);
    expect(bad.stderr).toContain(
      `signs.yaml:3: questions.0.id: "${builtInId}" belongs to the built-in bank (content/questions/signs.yaml)`,
    );
    expect(bad.stderr).toMatch(
      new RegExp(
        `signs\\.yaml:\\d+: questions\\.0\\.image: ${builtPicture.replace('.', '\\.')} is also a file of the built-in bank \\(public/images/questions/`,
      ),
    );
    const { db: kdb } = createDb(`file:${db}`);
    try {
      expect(await kdb.selectFrom('questions').select('id').execute()).toEqual([]);
    } finally {
      await kdb.destroy();
    }
  }, 60_000);
});
