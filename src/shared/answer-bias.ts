// Does the form of the answers give the right one away? For a bank, in each language, the score of
// two blind strategies a learner can use without reading the question: "pick the longest answer"
// and "always pick answer k", beside what pure guessing scores (the mean of 1/number of answers).
// A bank whose right answers are the longest (authors tend to qualify the true one most) teaches
// the trick instead of the rules; the content test keeps the built-in bank near chance.

/** What the checker needs of a question: its answers' texts by language and the 1-based correct one. */
export interface BiasQuestion {
  id?: string;
  answers: Partial<Record<string, string>>[];
  correct: number;
}

export interface PositionFigure {
  /** 1-based answer position. */
  position: number;
  /** Questions that have an answer at this position. */
  questions: number;
  /** Of those, how many have the correct answer there. */
  correct: number;
  /** correct / questions. */
  rate: number;
  /** What guessing scores on the same questions: the mean of 1/n over them. */
  chance: number;
}

export interface LanguageBias {
  language: string;
  /** Questions counted: those with every answer in this language. */
  questions: number;
  /** Share of questions "pick the longest answer" gets right (a tie of t longest answers counts 1/t when the right one is among them). */
  longest: number;
  /** Share of questions "pick the shortest answer" gets right, same tie rule: the opposite over-correction. */
  shortest: number;
  /** What guessing scores: the mean of 1/number of answers. */
  chance: number;
  positions: PositionFigure[];
  /** The same by number of answers, where a mix can hide a bias (longest right in 4-answer questions,
   *  shortest in 3-answer ones): for each n, the share "pick the r-th longest answer" gets right, r = 1…n. */
  byCount: { answers: number; questions: number; ranks: number[] }[];
}

/** Length as a reader sees it: letters and digits, so punctuation and spacing habits of a language do not count. */
export function answerLength(text: string): number {
  return text.replace(/[^\p{L}\p{N}]/gu, '').length;
}

/** Credit of "pick the r-th longest answer" for each r (index 0 = longest): answers of equal length
 *  share the ranks they span, so the right one's credit is split evenly across them. */
export function rankCredits(lengths: number[], correct: number): number[] {
  const mine = lengths[correct - 1]!;
  const longer = lengths.filter((l) => l > mine).length;
  const tied = lengths.filter((l) => l === mine).length;
  return lengths.map((_, r) => (r >= longer && r < longer + tied ? 1 / tied : 0));
}

/** The figures for one language; questions lacking it in some answer are left out. */
export function languageBias(questions: BiasQuestion[], language: string): LanguageBias {
  let n = 0;
  let longest = 0;
  let shortest = 0;
  let chance = 0;
  const positions: PositionFigure[] = [];
  const counts = new Map<number, { answers: number; questions: number; ranks: number[] }>();
  for (const q of questions) {
    const texts = q.answers.map((a) => a[language]);
    if (texts.length < 2 || texts.some((t) => typeof t !== 'string' || !t.trim())) continue;
    if (!Number.isInteger(q.correct) || q.correct < 1 || q.correct > texts.length) continue;
    const lengths = (texts as string[]).map(answerLength);
    n++;
    const credits = rankCredits(lengths, q.correct);
    longest += credits[0]!;
    shortest += credits.at(-1)!;
    const group = counts.get(texts.length) ?? { answers: texts.length, questions: 0, ranks: texts.map(() => 0) };
    counts.set(texts.length, group);
    group.questions++;
    credits.forEach((c, r) => {
      group.ranks[r]! += c;
    });
    chance += 1 / texts.length;
    for (let k = 1; k <= texts.length; k++) {
      const p = (positions[k - 1] ??= { position: k, questions: 0, correct: 0, rate: 0, chance: 0 });
      p.questions++;
      if (q.correct === k) p.correct++;
      p.chance += 1 / texts.length;
    }
  }
  for (const p of positions) {
    p.rate = p.correct / p.questions;
    p.chance /= p.questions;
  }
  const byCount = [...counts.values()]
    .sort((a, b) => a.answers - b.answers)
    .map((g) => ({ ...g, ranks: g.ranks.map((c) => c / g.questions) }));
  return {
    language,
    questions: n,
    longest: n ? longest / n : 0,
    shortest: n ? shortest / n : 0,
    chance: n ? chance / n : 0,
    positions,
    byCount,
  };
}

export function answerBias(questions: BiasQuestion[], languages: string[]): LanguageBias[] {
  return languages.map((l) => languageBias(questions, l));
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The figures as a small table, one block per language (for the script and a failing test's message). */
export function formatBias(figures: LanguageBias[]): string {
  return figures
    .map((f) =>
      [
        `${f.language}: ${f.questions} questions; chance ${pct(f.chance)}, longest answer ${pct(f.longest)} (${f.longest >= f.chance ? '+' : ''}${((f.longest - f.chance) * 100).toFixed(1)} points), shortest answer ${pct(f.shortest)}`,
        ...f.byCount.map(
          (g) =>
            `  ${g.answers} answers (${g.questions} questions, chance ${pct(1 / g.answers)}): by length, longest first: ${g.ranks.map(pct).join(', ')}`,
        ),
        ...f.positions.map(
          (p) =>
            `  position ${p.position}: right in ${p.correct} of ${p.questions} (${pct(p.rate)}, chance ${pct(p.chance)})`,
        ),
      ].join('\n'),
    )
    .join('\n');
}

/** How far above guessing a blind strategy may score before the bank counts as giving answers away. */
export interface BiasMargins {
  /** "Pick the longest" and "pick the shortest" over the whole bank, per language. */
  extremes: number;
  /** "Pick the r-th longest" within each number of answers that has at least `minGroup` questions. */
  rank: number;
  minGroup: number;
  /** "Always pick answer k". */
  position: number;
}

// Chosen so that a blind strategy within the margins wins a learner who knows 30 of 40 exam
// questions less than one more right answer on the other ten (ten guesses at +3..+10 points are
// 0.3..1 answer), while a group of ~100 questions can still be balanced by editing a handful of
// answers rather than forcing every answer to one length.
export const DEFAULT_MARGINS: BiasMargins = { extremes: 0.03, rank: 0.08, minGroup: 30, position: 0.1 };

/** What in the figures gives answers away, one line each (empty when nothing does). */
export function biasProblems(figures: LanguageBias[], margins: BiasMargins = DEFAULT_MARGINS): string[] {
  const problems: string[] = [];
  const points = (x: number) => `${(x * 100).toFixed(1)}%`;
  for (const f of figures) {
    if (f.longest > f.chance + margins.extremes)
      problems.push(
        `${f.language}: the longest answer is right in ${points(f.longest)}, chance is ${points(f.chance)}`,
      );
    if (f.shortest > f.chance + margins.extremes)
      problems.push(
        `${f.language}: the shortest answer is right in ${points(f.shortest)}, chance is ${points(f.chance)}`,
      );
    for (const g of f.byCount) {
      if (g.questions < margins.minGroup) continue;
      g.ranks.forEach((rate, r) => {
        if (rate > 1 / g.answers + margins.rank)
          problems.push(
            `${f.language}: in ${g.answers}-answer questions the answer ranked ${r + 1} by length (1 = longest) is right in ${points(rate)}, chance is ${points(1 / g.answers)}`,
          );
      });
    }
    for (const p of f.positions)
      if (p.rate > p.chance + margins.position)
        problems.push(
          `${f.language}: answer ${p.position} is right in ${points(p.rate)}, chance is ${points(p.chance)}`,
        );
  }
  return problems;
}
