// The offline precache of one language (issue 23), for `npm run bench`: what the service worker fetches
// for a learner of that language (the shell, that locale's pages and its language's search files, from
// dist/precache.json, which scripts/build-sw.mjs writes), media excluded. Counted raw and as sent: the
// server sends a file's brotli or gzip copy when the build made one (scripts/compression.mjs), else the file.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The budget, brotli bytes as transferred, per language: docs/architecture.md "Offline" says why. */
export const PRECACHE_BUDGET = 1536 * 1024;

const sizeOf = (path) => (existsSync(path) ? statSync(path).size : null);

/** Per locale: files, raw, gzip and brotli bytes of shell + locale. */
export function measurePrecache({ clientDir = 'dist/client', planFile = 'dist/precache.json' } = {}) {
  if (!existsSync(planFile)) return null;
  const plan = JSON.parse(readFileSync(planFile, 'utf8'));
  const sum = (entries) => {
    const total = { files: 0, raw: 0, gzip: 0, br: 0 };
    for (const { file } of entries) {
      const path = join(clientDir, file);
      const raw = sizeOf(path) ?? 0;
      total.files++;
      total.raw += raw;
      total.gzip += sizeOf(`${path}.gz`) ?? raw;
      total.br += sizeOf(`${path}.br`) ?? raw;
    }
    return total;
  };
  const shell = sum(plan.shell ?? []);
  const locales = {};
  for (const [group, entries] of Object.entries(plan)) {
    if (group === 'shell') continue;
    const own = sum(entries);
    locales[group] = {
      own,
      total: {
        files: shell.files + own.files,
        raw: shell.raw + own.raw,
        gzip: shell.gzip + own.gzip,
        br: shell.br + own.br,
      },
    };
  }
  return { shell, locales, budget: PRECACHE_BUDGET };
}

export function printPrecache(result) {
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `\nOffline precache per language (shell + the locale's pages and search; media excluded), budget ${kb(PRECACHE_BUDGET)} brotli:`,
  );
  console.log(
    ['locale'.padEnd(8), 'files'.padStart(6), 'raw'.padStart(10), 'gzip'.padStart(10), 'brotli'.padStart(10)].join(' '),
  );
  const row = (label, t) =>
    console.log(
      [
        label.padEnd(8),
        String(t.files).padStart(6),
        kb(t.raw).padStart(10),
        kb(t.gzip).padStart(10),
        kb(t.br).padStart(10),
      ].join(' '),
    );
  row('shell', result.shell);
  for (const [locale, { total }] of Object.entries(result.locales)) row(locale, total);
}
