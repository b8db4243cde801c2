// `npm run admin -- <command> [options]`: the operator's command line (scripts/admin-cli.ts), run on
// this process's arguments, environment and standard streams.
import { runAdmin } from './admin-cli';

runAdmin(process.argv.slice(2), {
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
}).then((code) => process.exit(code));
