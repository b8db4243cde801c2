// npm run readiness:calibrate [-- --quick] [-- --write]: does "80 %" mean 8 of 10, and does smart
// training pay? Simulated learners study and sit mock exams (scripts/lib/readiness-calibration.ts);
// prints the old (Beta) and the new (memory) model's scores and the answers each strategy needs, and
// ends with one summary line. Exit code 1 when a goal of issue 21 is missed. --write saves the run
// to content/readiness/calibration.json for the public calibration page.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { calibrate, missedGoals, summaryLine, type ModelScore } from './lib/readiness-calibration';

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const verbose = args.has('--verbose');
const started = performance.now();
const result = calibrate(verbose ? { quick, log: (line) => console.log(line) } : { quick });
const seconds = (performance.now() - started) / 1000;

const describe = (name: string, m: ModelScore) => {
  console.log(`${name}: brier=${m.brier.toFixed(4)} worst_decile=${m.worst_decile_pp.toFixed(1)} pp`);
  for (const [i, b] of m.bins.entries())
    if (b.count)
      console.log(
        `  ${i * 10}–${i * 10 + 10} %: predicted ${(b.predicted * 100).toFixed(1)} %, passed ${(b.observed * 100).toFixed(1)} % of ${b.count}`,
      );
};
console.log(
  `${result.run} run: ${result.learners} learners × 3 strategies, ${result.exams} mock exams, ${seconds.toFixed(1)} s`,
);
console.log(`oracle (true pass probability): brier=${result.oracle_brier.toFixed(4)}`);
describe('memory model (new)', result.models.memory);
describe('beta model (old)', result.models.beta);
const r = result.reached;
console.log(`reached 95 % (of ${result.learners}): smart ${r.smart}, random ${r.random}, leitner ${r.leitner}`);

if (args.has('--write')) {
  const path = resolve(import.meta.dirname, '../content/readiness/calibration.json');
  mkdirSync(dirname(path), { recursive: true });
  const { reached: _, ...published } = result;
  writeFileSync(path, `${JSON.stringify(published, null, 2)}\n`);
  console.log(`written: ${path}`);
}

const missed = missedGoals(result);
for (const m of missed) console.log(`goal missed: ${m}`);
console.log(summaryLine(result));
process.exitCode = missed.length ? 1 : 0;
