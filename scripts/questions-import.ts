// `npm run questions:import -- <file or folder> [options]`: imports the operator's own question bank
// (format: content/questions/README.md; the work is done by src/server/cli/questions-import.ts).
// Everything is validated first and every problem is reported with its file and line; when
// anything is wrong nothing is imported and the exit code is 1.
import { runImport } from '../src/server/cli/questions-import';

runImport(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).message ?? error);
    process.exit(1);
  },
);
