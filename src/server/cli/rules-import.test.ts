// `npm run rules:import` on the official text in shared/ (plain and as the publisher's HTML), its own
// re-export against the source, the place-by-place comparison of an amendment with the questions it
// touches, and files it must refuse whole.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { officialJson, officialSource, officialTxt } from '../../../tests/support/official-rules';
import { signAnchor } from '../../shared/clause';
import { loadRules } from '../services/rules-content';
import { parseOfficial, RulesImportError, textLines } from '../services/rules-import';
import { diffPlaces, exportText, places, summarize } from '../services/rules-places';
import { officialAsEdition, readOfficial } from '../services/rules-official';
import { runRulesImport } from './rules-import';

const source = officialSource();
const official = parseOfficial(source);
const dir = mkdtempSync(join(tmpdir(), 'zhol-rules-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], officialDir = join(dir, 'out')) {
  let stdout = '';
  let stderr = '';
  const code = runRulesImport(args, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    officialDir,
  });
  return { code, stdout, stderr };
}

/** The source's lines from the first line matching `from` up to (not including) the first matching `to`. */
function between(from: RegExp, to: RegExp, after = 0): string[] {
  const lines = textLines(source);
  const start = lines.findIndex((l, i) => i >= after && from.test(l));
  const end = lines.findIndex((l, i) => i > start && to.test(l));
  return lines.slice(start, end);
}

describe('the official text in shared/', () => {
  it('reads 26 chapters, 197 paragraph entries, every subparagraph, 322 signs, 35 markings and 47 faults', () => {
    expect(summarize(official)).toEqual({
      chapters: 26,
      paragraphs: 197,
      subparagraphs: 257,
      signs: 322,
      markings: 35,
      faults: 47,
      provisions: 15,
    });
    expect(official.edition).toEqual({ number: '305', date: '2026-04-27' });
    const numbers = (ps: { n: string; sub?: { n: string }[] }[]) =>
      ps.map((p) => `${p.n}(${(p.sub ?? []).map((s) => s.n)})`);
    expect(official.chapters.flatMap((c) => numbers(c.paragraphs))).toEqual(
      officialJson.rules.flatMap((c) => numbers(c.paragraphs)),
    );
    expect(official.chapters.map((c) => c.title)).toEqual(officialJson.rules.map((c) => c.title));
    expect(new Set(official.signs.sections.flatMap((s) => s.items.flatMap((i) => i.codes))).size).toBeGreaterThan(300);
  });

  it('gives the source back line for line (its own re-export)', () => {
    const out = exportText(official);
    const lines = textLines(source);
    const rulesStart = lines.findIndex((l) => l.startsWith('Глава 1.'));
    expect(out.rules).toEqual(between(/^Глава 1\./, /^Приложение 1 к Правилам/, rulesStart - 1));
    expect(out.signs).toEqual(between(/^Приложение 1 к Правилам/, /^Рис\. ?2\b/).slice(1));
    expect(out.markings).toEqual(between(/^Приложение 2 к Правилам/, /^Рисунок 3\b/).slice(1));
    expect(out.provisions).toEqual(between(/^Основные положения по допуску/, /^Приложение к Основным/).slice(1));
    expect(out.faults).toEqual(between(/^ПЕРЕЧЕНЬ неисправностей/, /^Утвержден/).slice(1));
  });

  it('reads the publisher’s HTML page the same way', () => {
    const escape = (l: string) =>
      l.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;').replaceAll(' ', '&nbsp;');
    const html = `<!DOCTYPE html><html lang="ru"><head><title>Об утверждении Правил дорожного движения</title><style>p{margin:0}</style></head><body><div class="container">${source
      .split('\n')
      .slice(source.split('\n').findIndex((l) => l.startsWith('=== BEGIN')) + 1)
      .map((l) => `<p>${escape(l)}</p>`)
      .join('\n')}</div><script>var a = "<p>Глава 99. Не глава</p>";</script></body></html>`;
    const fromHtml = parseOfficial(html);
    expect(fromHtml.chapters).toEqual(official.chapters);
    expect(summarize(fromHtml)).toEqual(summarize(official));
    // A page whose source wraps long lines, with cells, a menu and entities: the same text, place by place.
    const wrapped = html
      // (the break replaces a space, as an editor's wrapping does)
      .replace(/<p>([^<]{90,})<\/p>/g, (_, t: string) => `<p>${t.replace(/(.{60,}?)&nbsp;/, '$1\n    ')}</p>`)
      .replace(
        '<body>',
        '<body><nav><p>Правила дорожного движения</p><p>Глава 1. Меню</p></nav><table><tr><td>1</td><td>Легковые</td></tr></table>',
      );
    expect(diffPlaces(places(official), places(parseOfficial(wrapped)))).toEqual({
      added: [],
      removed: [],
      changed: [],
    });
  });

  it('shows in the page’s shape with an anchor for every sign code, and keeps first aid ours', () => {
    const study = loadRules('content/rules').ru;
    const shown = officialAsEdition(official, study);
    expect(shown.chapters.flatMap((c) => c.paragraphs).map((p) => p.n)).toEqual(
      study.chapters.flatMap((c) => c.paragraphs).map((p) => p.n),
    );
    expect(
      shown.chapters
        .flatMap((c) => c.paragraphs)
        .filter((p) => p.excluded)
        .map((p) => p.n),
    ).toEqual(['167', '168']);
    const anchors = shown.signs.sections.flatMap((s) =>
      s.items.flatMap((i) => [i.code, ...(i.also ?? [])].map(signAnchor)),
    );
    // Every code of the annex, once: a line that names a code with a line of its own adds no second anchor.
    expect(new Set(anchors).size).toBe(anchors.length);
    expect(officialJson.annex1_signs.map((s) => signAnchor(s.code)).filter((a) => !anchors.includes(a))).toEqual([]);
    expect(shown.firstAid).toBe(study.firstAid);
  });
});

describe('npm run rules:import', () => {
  it('--dry-run prints the summary and the comparison with the study edition, and writes nothing', () => {
    const r = run([officialTxt, '--dry-run']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(
      'ru: 26 chapters, 197 paragraphs, 257 subparagraphs, 322 signs, 35 markings, 47 faults, 15 Basic provisions, as amended by Order No. 305 of 27.04.2026',
    );
    // The study edition has every official number, and none of its own.
    expect(r.stdout).toMatch(/0 missing from it, 0 not in the official text/);
    expect(r.stdout).toMatch(/dry run: nothing written/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('writes the import, then compares an amendment place by place and names the questions it touches', () => {
    const out = join(dir, 'amend');
    expect(run([officialTxt], out).code).toBe(0);
    expect(readOfficial('ru', out)?.chapters).toHaveLength(26);
    // An amendment: 87(7) reworded (stopping near an intersection), 95-1 excluded, a new 95-2, 45(1)
    // reworded, sign 3.24 and fault 20 reworded, chapter 12 retitled.
    const amended = source
      .replace('ближе тридцати метров от края пересекаемой', 'ближе двадцати метров от края пересекаемой')
      .replace(
        /\n(\s*)95-1\. [^\n]*/,
        '\n$195-1. Исключен приказом Министра внутренних дел РК от 01.12.2026 № 999.\n$195-2. Новый пункт.',
      )
      .replace('1) дорожно-транспортном происшествии;', '1) любом дорожно-транспортном происшествии;')
      .replace(
        '3.24 "Ограничение максимальной скорости". Запрещается',
        '3.24 "Ограничение максимальной скорости". Разрешается',
      )
      .replace('\nГлава 12. Остановка и стоянка', '\nГлава 12. Остановка и стоянка транспортных средств')
      .replace(/\n(\s*)20\. Шины имеют/, '\n$120. Шины всегда имеют');
    const file = join(dir, 'amended.txt');
    writeFileSync(file, amended);
    const r = run([file, '--affected', '--dry-run'], out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // The exclusion written in place names the newest order: the edition.
    expect(r.stdout).toMatch(/as amended by Order No\. 999 of 01\.12\.2026\n/);
    expect(r.stdout).toMatch(/1 added, 0 removed, 6 changed/);
    expect(r.stdout).toMatch(/added: p95-2\n/);
    expect(r.stdout).toMatch(/changed: p45s1, ch12, p87s7, p95-1, sign-3-24, fault-20\n/);
    // Questions citing those places are listed for review, a whole-paragraph "45" with its 45(1).
    for (const clause of ['87(7)', '45', 'sign 3.24', 'fault 20']) expect(r.stdout).toContain(` (${clause})\n`);
    // An older edition does not replace a newer one unless told to.
    const newer = join(dir, 'newer');
    expect(run([file], newer).code).toBe(0);
    const older = run([officialTxt], newer);
    expect(older.code).toBe(1);
    expect(older.stderr).toMatch(/older than the one imported .*--force/);
    expect(run([officialTxt, '--force'], newer).code).toBe(0);
    expect(readOfficial('ru', newer)?.edition?.number).toBe('305');
  });

  it('refuses a truncated file, another act, a page without the Rules and a non-text file, changing nothing', () => {
    const out = join(dir, 'keep');
    expect(run([officialTxt], out).code).toBe(0);
    const before = readFileSync(join(out, 'official-ru.json'), 'utf8');
    const cases: [string, string | Buffer, RegExp][] = [
      [
        'truncated.txt',
        source.slice(0, Math.floor(source.length * 0.3)),
        /ends too early: after chapter \d+, paragraph \d+(-\d+)?, it has no Annex 1/,
      ],
      [
        'other-act.txt',
        'Кодекс Республики Казахстан об административных правонарушениях\nГлава 1. Общие положения\n1. Текст.',
        /not the Rules of the Road/,
      ],
      ['page.html', '<html><body><p>Страница не найдена</p></body></html>', /not the Rules of the Road/],
      ['binary.bin', Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x41]), /not UTF-8 text/],
      ['gap.txt', source.replace(/\nГлава 12\./, '\nГлава 13.'), /Chapter 13 follows chapter 11/],
      // A copy cut anywhere inside the list of faults, or with one line lost, is refused too.
      ['cut-in-faults.txt', source.slice(0, source.indexOf('30. Отсутствуют предусмотренные')), /cut off/],
      ['no-190.txt', source.replace(/\n\s*190\. [^\n]*/, ''), /Lines are missing .*paragraph 191 follows 189/],
      [
        'no-87-3.txt',
        source.replace(/\n\s*3\) на эстакадах, мостах[^\n]*/, ''),
        /subparagraph 4\) of paragraph 87 follows 2\)/,
      ],
      [
        'no-fault-30.txt',
        source.replace(/\n\s*30\. Отсутствуют предусмотренные[^\n]*/, ''),
        /list of faults: paragraph 31 follows 29/,
      ],
      [
        'no-plates.txt',
        source.replace(/\nГлава 7\. Знаки дополнительной информации[^\n]*/, ''),
        /Annex 1 \(signs\): no line for sign 7\.1\.1/,
      ],
    ];
    for (const [name, content, message] of cases) {
      const file = join(dir, name);
      writeFileSync(file, content);
      const r = run([file], out);
      expect(r.code, name).toBe(1);
      expect(r.stderr, name).toMatch(message);
      expect(r.stderr, name).toMatch(/Nothing was imported/);
      expect(readFileSync(join(out, 'official-ru.json'), 'utf8')).toBe(before);
    }
    expect(run([join(dir, 'missing.txt')], out)).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/no such file/),
    });
    // A damaged earlier import is named, not a crash.
    const broken = join(dir, 'broken');
    mkdirSync(broken, { recursive: true });
    writeFileSync(join(broken, 'official-ru.json'), '{"lang": "ru", "chap');
    expect(run([officialTxt], broken)).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/cannot be read.*move it away/),
    });
    expect(run([officialTxt, '--lang', 'en'], out)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--lang is ru or kz/),
    });
    expect(run([], out)).toMatchObject({ code: 2, stderr: expect.stringMatching(/name the file/) });
    expect(() => parseOfficial('Правила дорожного движения\nГлава 1. Общие положения\n')).toThrow(RulesImportError);
  });
});
