// Queries built once and run many times. Kysely builds and compiles a query on every call (about
// 25 µs for a four-table select): fine almost everywhere, but the answer call runs the same few
// queries for every answer of every learner and its budget is twice a static call's CPU (DESIGN
// §9). A prepared query is built once per database with placeholder arguments; each run swaps the
// real arguments into the compiled parameters, in place of the placeholders.
import { CompiledQuery, type Compilable, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;
/** A placeholder argument: unique, and never a value a query is really given. */
class Placeholder {
  constructor(readonly index: number) {}
}

type Slot = Placeholder | { value: unknown };
interface Template {
  sql: string;
  slots: Slot[];
}

/** Compiles `build` once per dialect (a transaction shares its database's adapter) and runs it with `args`. */
function runner<Args extends unknown[]>(build: (db: Db, ...args: Args) => Compilable<unknown>) {
  const templates = new WeakMap<object, Template>();
  return (db: Db, args: Args) => {
    const key = db.getExecutor().adapter;
    let template = templates.get(key);
    if (!template) {
      const placeholders = args.map((_, i) => new Placeholder(i)) as unknown as Args;
      const compiled = build(db, ...placeholders).compile();
      template = {
        sql: compiled.sql,
        slots: compiled.parameters.map((p) => (p instanceof Placeholder ? p : { value: p })),
      };
      templates.set(key, template);
    }
    const parameters = template.slots.map((slot) => (slot instanceof Placeholder ? args[slot.index] : slot.value));
    return CompiledQuery.raw(template.sql, parameters);
  };
}

/**
 * Defines a query whose shape never changes, only its arguments (values, not identifiers or lists).
 * `build` receives placeholders standing for the arguments; it must use each where a value goes.
 */
export function prepared<Args extends unknown[], Row>(build: (db: Db, ...args: Args) => Compilable<Row>) {
  const compile = runner(build);
  return async (db: Db, ...args: Args): Promise<Row[]> => (await db.executeQuery<Row>(compile(db, args))).rows;
}

/** Like prepared, for writes: the number of rows changed. */
export function preparedWrite<Args extends unknown[]>(build: (db: Db, ...args: Args) => Compilable<unknown>) {
  const compile = runner(build);
  return async (db: Db, ...args: Args): Promise<number> =>
    Number((await db.executeQuery(compile(db, args))).numAffectedRows ?? 0n);
}
