import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBias } from './questions-bias';

/** A Russian-only bank of 40 questions whose right answer is always the first and the longest. */
function biasedBank(): string {
  const dir = mkdtempSync(join(tmpdir(), 'zhol-bias-'));
  writeFileSync(join(dir, 'bank.yaml'), 'version: "1"\nlanguages: [ru]\n');
  const q = (i: number) =>
    `  - { id: acme-${i}, text: { ru: Вопрос }, answers: [{ ru: Правильный подробный ответ }, { ru: Нет }, { ru: Да }], correct: 1 }\n`;
  writeFileSync(
    join(dir, 'signs.yaml'),
    `theme: signs\nquestions:\n${Array.from({ length: 40 }, (_, i) => q(i)).join('')}`,
  );
  return dir;
}

describe('npm run questions:bias', () => {
  it("prints the figures in the bank's languages and exits 2 when the form gives answers away", () => {
    const lines: string[] = [];
    expect(runBias([biasedBank()], (s) => lines.push(s))).toBe(2);
    const out = lines.join('\n');
    expect(out).toContain('ru: 40 questions; chance 33.3%, longest answer 100.0%');
    expect(out).not.toMatch(/^en:/m);
    expect(out).toContain('- ru: the longest answer is right in 100.0%');
  });

  it('reads the built-in bank by default, in ru, kz and en (the content test gives its verdict)', () => {
    const lines: string[] = [];
    expect([0, 2]).toContain(runBias([], (s) => lines.push(s)));
    for (const l of ['ru', 'kz', 'en']) expect(lines.join('\n')).toMatch(new RegExp(`^${l}: \\d+ questions`, 'm'));
  });
});
