// `npm run questions:bias -- [folder]`: prints, for a question bank (the built-in one by default),
// how well blind strategies score in each language — "pick the longest answer", "always pick
// answer k" — beside chance, so an operator can check their own bank before importing it.
// Read leniently (only answers and correct): the importer is what validates a bank.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { answerBias, type BiasQuestion, biasProblems, formatBias, type LanguageBias } from '../../shared/answer-bias';
import { ALL_LANGUAGES, readBankMeta } from '../services/bank-meta';
import { parseBankFile } from '../services/bank-files';
import { bankFiles } from '../services/questions/read';

export const BIAS_USAGE = 'Usage: npm run questions:bias -- [folder or file]   (default: content/questions)';

/** Every question of a bank folder (or file) with its answers and correct number; the bank's languages. */
export function readBiasBank(target: string): { questions: BiasQuestion[]; languages: string[] } {
  const meta = existsSync(join(target, 'bank.yaml')) ? readBankMeta(join(target, 'bank.yaml')).meta : null;
  const questions: BiasQuestion[] = [];
  for (const file of bankFiles(target)) {
    const { data, problems } = parseBankFile(file);
    if (problems.length) throw new Error(`${file}: ${problems[0]!.message}`);
    const list = (data as { questions?: unknown } | null)?.questions;
    if (!Array.isArray(list)) continue;
    for (const q of list as { id?: unknown; answers?: unknown; correct?: unknown }[]) {
      if (q && Array.isArray(q.answers) && typeof q.correct === 'number')
        questions.push({ id: String(q.id ?? ''), answers: q.answers as BiasQuestion['answers'], correct: q.correct });
    }
  }
  return { questions, languages: meta?.languages ?? ALL_LANGUAGES };
}

export function bankBias(target: string): LanguageBias[] {
  const { questions, languages } = readBiasBank(target);
  return answerBias(questions, languages);
}

export function runBias(args: string[], out: (s: string) => void = console.log): number {
  if (args.includes('--help') || args.includes('-h') || args.length > 1) {
    out(BIAS_USAGE);
    return args.length > 1 ? 1 : 0;
  }
  const figures = bankBias(args[0] ?? 'content/questions');
  out(formatBias(figures));
  const problems = biasProblems(figures);
  out(
    problems.length
      ? `\nThe form of the answers gives answers away:\n${problems.map((p) => `- ${p}`).join('\n')}`
      : '\nNo blind strategy scores clearly above chance.',
  );
  // Exit 2 (not 1) on a biased bank: the figures were printed, nothing failed to run.
  return problems.length ? 2 : 0;
}
