// `npm run questions:coverage`: which paragraphs of the Rules (chapters 2–24, those that set a duty) and
// which signs (groups 1–4 and the examined information signs) the built-in bank's questions cite, and
// which they do not. Exit code 1 when anything is missing (content/coverage.yaml says what counts).
import { formatCoverage, coverage, readCoverageSpec } from '../src/server/services/coverage';
import { loadContent } from '../src/server/services/content';
import { bankFiles, readBank } from '../src/server/services/questions/read';
import { loadRules } from '../src/server/services/rules-content';

const rules = loadRules('content/rules');
const themes = new Set(loadContent().themes.map((t) => t.code));
const { questions, problems } = readBank(bankFiles('content/questions'), { themes, rules });
if (problems.length) {
  console.error(`The bank has problems; run the tests for the list (${problems.length}).`);
  process.exit(1);
}
const report = coverage(questions, rules, readCoverageSpec());
console.log(formatCoverage(report));
const missing = [...report.paragraphs, ...report.signs].some((l) => l.missing.length) || report.specProblems.length > 0;
process.exit(missing ? 1 : 0);
