import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtInBankInfo, readBankMeta } from './bank-meta';

const yaml = `version: "2025.11"
changelog:
  - version: "2025.11"
    date: 2025-11-20
    text: { ru: Первая редакция, kz: Алғашқы редакция, en: First edition }
  - version: "2025.09"
    text: { ru: Пробная, kz: Сынақ, en: Trial }
`;

function file(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'zhol-bank-meta-')), 'bank.yaml');
  writeFileSync(path, text);
  return path;
}

describe('bank.yaml', () => {
  it('gives the version and the newest changes in the page language', () => {
    const path = file(yaml);
    expect(builtInBankInfo('en', path)).toEqual({
      version: '2025.11',
      changes: [
        { version: '2025.11', date: '2025-11-20', text: 'First edition', lang: 'en' },
        { version: '2025.09', date: null, text: 'Trial', lang: 'en' },
      ],
      description: null,
      claims: [],
    });
    expect(builtInBankInfo('kz', path)!.changes[0]!.text).toBe('Алғашқы редакция');
  });

  it('gives the claims in the page language when the bank has it, else in its own, saying which', () => {
    const path = file(
      'languages: [ru, kz]\ndescription: { ru: По правилам РК, kz: ҚР ережелері бойынша }\nclaims:\n  - title: { ru: Видео, kz: Бейне }\n    text: { ru: Есть видео, kz: Бейне бар }\n',
    );
    expect(builtInBankInfo('kz', path)).toEqual({
      version: null,
      changes: [],
      description: { text: 'ҚР ережелері бойынша', lang: 'kz' },
      claims: [{ title: { text: 'Бейне', lang: 'kz' }, text: { text: 'Бейне бар', lang: 'kz' } }],
    });
    expect(builtInBankInfo('en', path)!.claims[0]!.title).toEqual({ text: 'Видео', lang: 'ru' });
  });

  it("the built-in bank.yaml makes the tests page's claims, in all three languages", () => {
    for (const locale of ['ru', 'kz', 'en'] as const) {
      const info = builtInBankInfo(locale)!;
      expect(info.description?.lang).toBe(locale);
      expect(info.claims).toHaveLength(2);
      expect(info.claims.every((c) => c.title.lang === locale && c.text.lang === locale)).toBe(true);
    }
    expect(builtInBankInfo('en')!.claims.map((c) => c.title.text)).toEqual([
      'Video questions',
      "The exam centre's format",
    ]);
  });

  it('fills {{questions}}, {{videos}} and {{pictures}} from the bank files beside it', () => {
    const path = file(
      'description: { ru: "Вопросов: {{questions}}", kz: "Сұрақтар: {{questions}}", en: "{{ questions }} questions" }\n' +
        'claims:\n  - title: { ru: Видео, kz: Бейне, en: Video }\n    text: { ru: "{{videos}} из {{pictures}}", kz: "{{videos}}/{{pictures}}", en: "{{videos}} of {{pictures}}" }\n',
    );
    const q = (id: string, extra: string) =>
      `  - { id: ${id}, ${extra}text: { ru: а }, answers: [{ ru: а }, { ru: б }], correct: 1 }\n`;
    writeFileSync(
      join(dirname(path), 'signs.yaml'),
      `theme: signs\nquestions:\n${q('s-1', 'image: a.svg, video: a.mp4, ')}${q('s-2', 'image: b.svg, ')}${q('s-3', '')}`,
    );
    const info = builtInBankInfo('en', path)!;
    expect(info.description?.text).toBe('3 questions');
    expect(info.claims[0]!.text.text).toBe('1 of 2');
  });

  it('refuses a placeholder it does not know, rather than show it as written', () => {
    const { problems } = readBankMeta(file('description: { ru: "Вопросов: {{count}}", kz: а, en: a }\n'));
    expect(problems.map((p) => p.message)).toEqual([
      'description.ru: {{count}} is not a number the page knows: use {{questions}}, {{videos}}, {{pictures}}',
    ]);
  });

  it('names every problem, and gives nothing to show for a bad or missing file', () => {
    const bad = file(
      'version: "1"\nchangelog:\n  - version: "1"\n    date: 20.11.2025\n    text: { ru: Только по-русски }\n',
    );
    const { problems } = readBankMeta(bad);
    expect(problems.some((p) => p.message.includes('changelog.0.date'))).toBe(true);
    expect(problems.some((p) => p.message.includes('changelog.0.text.kz'))).toBe(true);
    expect(builtInBankInfo('ru', bad)).toBeNull();
    expect(readBankMeta(file('version: [')).problems).toHaveLength(1);
    expect(builtInBankInfo('ru', '/no/such/bank.yaml')).toBeNull();
    expect(readBankMeta('/no/such/bank.yaml')).toEqual({ meta: null, problems: [] });
  });
});
