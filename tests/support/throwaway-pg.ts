// A PostgreSQL server of a test's own, to freeze, stop and start again without touching the shared
// one: initdb and pg_ctl from /usr/lib/postgresql/<version>/bin, a data folder in a temporary
// directory, a port of its own, the Unix socket inside the data folder. PostgreSQL refuses to run as
// root, so under root every command runs as the `postgres` system user (runuser).
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/lib/net.mjs';

/** The newest installed server's bin folder, or undefined when there is none. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter(
    (v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')),
  );
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], 'bin');
}

const asRoot = process.getuid?.() === 0;

export class ThrowawayPostgres {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  static async create(): Promise<ThrowawayPostgres> {
    const bin = postgresBin();
    if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
    const dir = mkdtempSync(join(tmpdir(), 'zhol-pg-'));
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dir, uid, gid);
    }
    const pg = new ThrowawayPostgres(bin, dir, await freePort());
    pg.run('initdb', [
      '-D',
      join(dir, 'data'),
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-locale',
      '--no-sync',
    ]);
    pg.start();
    return pg;
  }

  /** A server command, as the postgres user when we are root. */
  private run(tool: string, args: string[]): void {
    const command = join(this.bin, tool);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    const result = spawnSync(file, argv, { encoding: 'utf8', cwd: this.dir, timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`);
  }

  start(): void {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
    this.run('pg_ctl', [
      'start',
      '-w',
      '-t',
      '60',
      '-D',
      join(this.dir, 'data'),
      '-l',
      join(this.dir, 'server.log'),
      '-o',
      options,
    ]);
  }

  /** Gone at once, as a crash or a pulled cable would leave it. */
  stopImmediately(): void {
    this.thaw();
    this.run('pg_ctl', ['stop', '-m', 'immediate', '-w', '-D', join(this.dir, 'data')]);
  }

  /** The postmaster and every backend it started. */
  private pids(): number[] {
    const pidFile = join(this.dir, 'data', 'postmaster.pid');
    if (!existsSync(pidFile)) return [];
    const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    const children = readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return Number(readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [postmaster, ...children];
  }

  /** Every process stopped where it stands: connections stay open and nothing answers. */
  freeze(): void {
    for (const pid of this.pids()) process.kill(pid, 'SIGSTOP');
  }

  thaw(): void {
    for (const pid of this.pids()) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        /* already gone */
      }
    }
  }

  destroy(): void {
    try {
      if (existsSync(join(this.dir, 'data', 'postmaster.pid'))) this.stopImmediately();
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }
}
