// The npm scripts bring their own Node (scripts/with-node.sh): on a machine whose Node is older than
// 22.12 — this kind ships Node 20 — `npm start` and `npm test` must still run under Node 24.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The cache this machine already has, so the test does not download Node again (CI's .ci/run tries a
// download into an empty HOME once per run).
const cache = process.env.ZHOL_NODE_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'zhol-node');
// PATH as a newcomer has it: the system's folders only (the system Node, if any, is whatever it is).
const systemPath = ['/usr/local/bin', '/usr/bin', '/bin'].filter((d) => existsSync(d)).join(':');

function run(args: string[]) {
  return spawnSync('sh', ['scripts/with-node.sh', ...args], {
    encoding: 'utf8',
    env: { PATH: systemPath, HOME: mkdtempSync(join(tmpdir(), 'zhol-home-')), ZHOL_NODE_CACHE: cache },
  });
}

describe('scripts/with-node.sh', () => {
  it('runs the command under Node 22.12 or newer whatever Node the PATH had', () => {
    const result = run(['node', '-p', 'process.versions.node']);
    expect(result.status, result.stderr).toBe(0);
    const [major, minor] = result.stdout.trim().split('.').map(Number);
    expect(major! > 22 || (major === 22 && minor! >= 12)).toBe(true);
  });

  it('hands the same Node to the commands it starts in turn (npm, astro, vitest)', () => {
    const result = run(['sh', '-c', 'node -p process.versions.node && node -p process.env.ASTRO_TELEMETRY_DISABLED']);
    expect(result.status, result.stderr).toBe(0);
    const [version, telemetry] = result.stdout.trim().split('\n');
    expect(Number(version!.split('.')[0])).toBeGreaterThanOrEqual(22);
    expect(telemetry).toBe('1');
  });

  it('passes arguments through untouched and returns the command’s exit code', () => {
    const result = run([
      'node',
      '-e',
      'console.log(JSON.stringify(process.argv.slice(1))); process.exit(7)',
      'a b',
      '"c"',
    ]);
    expect(result.status).toBe(7);
    expect(JSON.parse(result.stdout)).toEqual(['a b', '"c"']);
  });
});
