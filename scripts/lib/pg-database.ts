// A throwaway PostgreSQL database for tests and benches: created beside an admin connection URL
// (TEST_DATABASE_URL, BENCH_PG_URL) under a random name, dropped (connections and all) after.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface PgDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** A fresh, empty database named `<prefix>_<random hex>` on the server `admin` points at. */
export async function createPgDatabase(
  admin: string,
  prefix: string,
  options: { connectTimeoutMs?: number } = {},
): Promise<PgDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (query: string) => {
    const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: options.connectTimeoutMs ?? 0 });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
