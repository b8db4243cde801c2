// A generated question bank for engine tests: `perTheme` questions in every theme, serving A–D.
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import { loadBank } from '../../src/server/services/questions/load';
import { type BankQuestion } from '../../src/server/services/questions/read';

export function makeBank(themes: string[], perTheme: number, prefix = 'gen'): BankQuestion[] {
  return themes.flatMap((theme) =>
    Array.from({ length: perTheme }, (_, i) => {
      const n = 3 + (i % 2);
      return {
        id: `${prefix}-${theme}-${String(i + 1).padStart(3, '0')}`,
        theme,
        categories: ['A', 'B', 'C', 'D'] as ('A' | 'B' | 'C' | 'D')[],
        clause: `${i + 1}.1`,
        image: i % 4 === 0 ? `${theme}/q${i}.svg` : null,
        video: null,
        text: { ru: `Вопрос ${theme} ${i + 1}`, kz: `Сұрақ ${theme} ${i + 1}`, en: `Question ${theme} ${i + 1}` },
        answers: Array.from({ length: n }, (_, a) => ({
          ru: `Ответ ${a + 1}`,
          kz: `Жауап ${a + 1}`,
          en: `Answer ${a + 1}`,
        })),
        correct: (i % n) + 1,
        explanation: { ru: `Потому что ${i + 1}`, kz: `Себебі ${i + 1}`, en: `Because ${i + 1}` },
      };
    }),
  );
}

export async function seedBank(db: Kysely<Database>, perTheme = 5): Promise<BankQuestion[]> {
  const themes = (await db.selectFrom('themes').select('code').execute()).map((t) => t.code);
  // The first two of each theme form the demo set (as the built-in bank marks its own).
  const bank = makeBank(themes, perTheme).map((q) => (/-00[12]$/.test(q.id) ? { ...q, demo: true } : q));
  await loadBank(db, bank, { source: 'test', full: true });
  return bank;
}
