// `npm run rules:import -- FILE [--lang ru|kz] [--dry-run] [--affected]`: imports the official text of
// the Rules of the Road (the work is done by src/server/cli/rules-import.ts). A file that is not the
// whole Rules is refused with one message and the exit code 1; nothing is written then.
import { runRulesImport } from '../src/server/cli/rules-import';

process.exit(
  runRulesImport(process.argv.slice(2), {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
  }),
);
