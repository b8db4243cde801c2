// The database being out of reach, decided in one place. Every query runs through a guarded Kysely
// driver: a failure that means "the database cannot be reached or does not answer" becomes the
// domain error DatabaseUnavailableError (503 with Retry-After through the one onError); any other
// failure passes unchanged. The outage is logged once when it starts and once when a query succeeds
// again (a query, not a connection taken from the pool) — not a stack trace per request.
import type { DatabaseConnection, Dialect, Driver, QueryCompiler, TransactionSettings } from 'kysely';
import { DatabaseUnavailableError } from '../errors';

/** Socket-level failures: nothing listens, the peer went away, the name does not resolve. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ECONNABORTED',
  'EHOSTDOWN',
  'ENETDOWN',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 53 (insufficient resources: too many
 * connections, disk full, out of memory), 57014 (the statement timeout cancelled the query),
 * 57P01–57P03 (the server is shutting down, crashed, or not yet accepting connections).
 */
const PG_STATES = /^(08...|53...|57014|57P0[123])$/;

/** SQLite: the file stayed locked past busy_timeout, or cannot be opened, written or read. */
const SQLITE_CODES = /^SQLITE_(BUSY|CANTOPEN|IOERR|FULL)/;

/** node-postgres reports its own timeouts and lost connections by message only. */
const PG_MESSAGES =
  /timeout expired|timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable|connection timeout/i;

/** Whether an error means the database is out of reach (as opposed to a bad query or a bug). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_STATES.test(code) || SQLITE_CODES.test(code)))
    return true;
  if (PG_MESSAGES.test(error.message) && !('severity' in error)) return true;
  // A host name with several addresses fails with one error per address.
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return error.cause !== undefined && isDatabaseUnavailable(error.cause, depth + 1);
}

/** Where the outage lines go. */
export interface OutageLog {
  error: (line: string) => void;
  info: (line: string) => void;
}

/**
 * An outage as the log sees it: one line when it starts, one when a query succeeds again, with the
 * outage's true length. Times are on one monotonic clock (milliseconds; tests pass a fake one).
 */
export class Outage {
  /** When the current outage began; undefined while the database answers. */
  #began: number | undefined;
  /** When the last outage ended. */
  #ended = -Infinity;
  constructor(
    private readonly log: OutageLog = { error: console.error, info: console.log },
    readonly now: () => number = () => performance.now(),
  ) {}
  get down(): boolean {
    return this.#began !== undefined;
  }
  /**
   * A query failed for want of the database. One sent before the last outage ended is that outage's
   * late echo (its error can arrive after a newer query's reply), not a new outage.
   */
  failed(error: unknown, sentAt = this.now()): void {
    if (this.#began !== undefined || sentAt < this.#ended) return;
    this.#began = this.now();
    const reason = error instanceof DatabaseUnavailableError ? error.cause : error;
    this.log.error(`[db] database unavailable: ${describe(reason)} (answering 503 until it is back)`);
  }
  /**
   * A query succeeded. Only one sent after the outage began proves the database is back: a reply
   * already on its way when a server stops still arrives after the first connection's error, and
   * would otherwise log the outage as over at once (and then begun again).
   */
  answered(sentAt = this.now()): void {
    if (this.#began === undefined || sentAt < this.#began) return;
    const seconds = Math.round((this.now() - this.#began) / 1000);
    this.#began = undefined;
    this.#ended = this.now();
    this.log.info(`[db] database back after ${seconds} s`);
  }
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return describe(error.errors[0]);
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return `${typeof code === 'string' ? `${code} ` : ''}${error.message}`.trim();
}

/**
 * Runs one driver step, turning an out-of-reach failure into the domain error. Only a query's reply
 * ends an outage: handing out an idle pooled connection touches no server (it succeeds while the
 * server is frozen), so a step that is not a query (`proves: false`) can start an outage, never end one.
 */
async function guard<T>(outage: Outage, work: () => Promise<T>, proves = true): Promise<T> {
  const sentAt = outage.now();
  try {
    const result = await work();
    if (proves) outage.answered(sentAt);
    return result;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    outage.failed(error, sentAt);
    throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
  }
}

/**
 * The driver with every connection acquisition and query guarded. Connections are the inner
 * driver's own objects (their executeQuery wrapped in place), since the inner driver keeps private
 * state on them.
 */
class GuardedDriver implements Driver {
  readonly #guarded = new WeakSet<DatabaseConnection>();
  constructor(
    private readonly inner: Driver,
    private readonly outage: Outage,
  ) {}

  init(): Promise<void> {
    return guard(this.outage, () => this.inner.init(), false);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await guard(this.outage, () => this.inner.acquireConnection(), false);
    if (!this.#guarded.has(connection)) {
      const execute = connection.executeQuery.bind(connection);
      connection.executeQuery = (query, options) => guard(this.outage, () => execute(query, options));
      this.#guarded.add(connection);
    }
    return connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.savepoint?.(connection, name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.rollbackToSavepoint?.(connection, name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.releaseSavepoint?.(connection, name, compile);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** A dialect whose driver is guarded (the compiler, adapter and introspector are the dialect's own). */
export function guardedDialect(dialect: Dialect, outage: Outage): Dialect {
  return {
    createDriver: () => new GuardedDriver(dialect.createDriver(), outage),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
