// Queries built once and run many times. Kysely builds and compiles a query on every call (about
// 25 µs for a four-table select): fine almost everywhere, but the answer call runs the same few
// queries for every answer of every learner and its budget is twice a static call's CPU (DESIGN
// §9). A prepared query is built once per database with placeholder arguments; each run swaps the
// real arguments into the compiled parameters, in place of the placeholders.
import { CompiledQuery, type Compilable, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;
/** A placeholder argument: unique, and never a value a query is really given. */
class Placeholder { constructor(readonly index: number) {} }

interface Template { sql: string; slots: (Placeholder | { value: unknown })[]; query: CompiledQuery['query'] }

/**
 * Defines a query whose shape never changes, only its arguments (values, not identifiers or lists).
 * `build` receives placeholders standing for the arguments; it must use each where a value goes.
 */
export function prepared<Args extends unknown[], Row>(build: (db: Db, ...args: Args) => Compilable<Row>) {
  const templates = new WeakMap<object, Template>();
  return async (db: Db, ...args: Args): Promise<Row[]> => {
    // One template per dialect: a transaction shares its database's executor adapter.
    const key = db.getExecutor().adapter;
    let template = templates.get(key);
    if (!template) {
      const placeholders = args.map((_, i) => new Placeholder(i)) as unknown as Args;
      const compiled = build(db, ...placeholders).compile();
      template = { sql: compiled.sql, query: compiled.query, slots: compiled.parameters.map((p) => (p instanceof Placeholder ? p : { value: p })) };
      templates.set(key, template);
    }
    const parameters = template.slots.map((slot) => (slot instanceof Placeholder ? args[slot.index] : slot.value));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters));
    return result.rows;
  };
}

/** Like prepared, for writes: the number of rows changed. */
export function preparedWrite<Args extends unknown[]>(build: (db: Db, ...args: Args) => Compilable<unknown>) {
  const templates = new WeakMap<object, { sql: string; slots: (Placeholder | { value: unknown })[] }>();
  return async (db: Db, ...args: Args): Promise<number> => {
    const key = db.getExecutor().adapter;
    let template = templates.get(key);
    if (!template) {
      const placeholders = args.map((_, i) => new Placeholder(i)) as unknown as Args;
      const compiled = build(db, ...placeholders).compile();
      template = { sql: compiled.sql, slots: compiled.parameters.map((p) => (p instanceof Placeholder ? p : { value: p })) };
      templates.set(key, template);
    }
    const parameters = template.slots.map((slot) => (slot instanceof Placeholder ? args[slot.index] : slot.value));
    const result = await db.executeQuery(CompiledQuery.raw(template.sql, parameters));
    return Number(result.numAffectedRows ?? 0n);
  };
}
