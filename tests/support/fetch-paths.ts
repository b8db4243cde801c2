// For store tests: fetch replaced by one that records each call's path (the query left off) and answers
// what the test says (by default `{data: []}`), and a wait until the stores' pending answers are in.

export interface FetchPaths {
  /** The paths asked for, in order. */
  readonly paths: string[];
  /** What the next calls answer (per path). */
  answer: (path: string) => Response;
  restore(): void;
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

export function recordFetchPaths(answer: (path: string) => Response = () => json({ data: [] })): FetchPaths {
  const real = globalThis.fetch;
  const record: FetchPaths = { paths: [], answer, restore: () => void (globalThis.fetch = real) };
  globalThis.fetch = (async (url: string) => {
    const path = url.split('?')[0]!;
    record.paths.push(path);
    return record.answer(path);
  }) as typeof fetch;
  return record;
}

/** Lets the answers already given reach the stores. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
