// `npm run questions:bias -- [folder]`: the "longest answer is right" and answer-position figures of a
// bank (work done by src/server/cli/questions-bias.ts).
import { runBias } from '../src/server/cli/questions-bias';

try {
  process.exit(runBias(process.argv.slice(2)));
} catch (error) {
  console.error((error as Error).message ?? error);
  process.exit(1);
}
