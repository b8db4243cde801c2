// The one HTTP client every island uses (DESIGN §5): adds `upd=1`, serialises queries in bracket
// style (`filter[active]=true`), sends Accept-Language, and turns any failure into {desc, status}.
// Plain fetch and a dozen lines of serialisation: ofetch and qs (DESIGN's picks) cost ~12 KB gzip
// on every page for what this does, and pushed the island pages over the 130 KB budget.
import { locales, localeFromPath, type Locale } from '../i18n/locales';

export interface ApiErrorBody { desc: string; status: number; code?: string | undefined }

export class ApiRequestError extends Error implements ApiErrorBody {
  constructor(readonly desc: string, readonly status: number, readonly code?: string) {
    super(desc);
    this.name = 'ApiRequestError';
  }
}

export type Query = Record<string, unknown>;

/** Bracket-style pairs: {filter: {active: true}, ids: [1, 2]} → filter[active]=true, ids[]=1, ids[]=2. */
function serialize(value: unknown, key: string, out: string[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) value.forEach((item) => serialize(item, `${key}[]`, out));
  else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) serialize(v, key ? `${key}[${k}]` : k, out);
  else out.push(`${key}=${encodeURIComponent(String(value))}`);
}

/** `/rest/v1/x?upd=1&filter[active]=true` — the spec's fixed param and bracket serialisation. */
export function buildApiUrl(path: string, query: Query = {}): string {
  const pairs: string[] = [];
  serialize({ ...query, upd: 1 }, '', pairs);
  const search = pairs.join('&');
  const base = path.startsWith('/rest/') ? path : `/rest/${path.replace(/^\/+/, '')}`;
  return `${base}${base.includes('?') ? '&' : '?'}${search}`;
}

/** A failed HTTP answer: its status and its parsed body (ours, a proxy's page, or nothing). */
export interface HttpFailure { status: number; data: unknown }

/** Any failure (our {desc, status}, a proxy's HTML, a network error) as {desc, status}. */
export function toApiError(error: unknown, fallbackDesc: string): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (error && typeof error === 'object' && 'status' in error && 'data' in error) {
    const { status, data } = error as HttpFailure;
    const body = (data && typeof data === 'object' ? data : {}) as Partial<ApiErrorBody>;
    const desc = typeof body.desc === 'string' && body.desc ? body.desc : fallbackDesc;
    return new ApiRequestError(desc, status, typeof body.code === 'string' ? body.code : undefined);
  }
  return new ApiRequestError(fallbackDesc, 0);
}

type UnauthorizedHandler = () => void;
const unauthorizedHandlers = new Set<UnauthorizedHandler>();
/** Called on any 401 (the auth store clears the user and shows the auth toast). */
export function onUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedHandlers.add(handler);
  return () => unauthorizedHandlers.delete(handler);
}

export function currentLocale(): Locale {
  return typeof location === 'undefined' ? 'ru' : localeFromPath(location.pathname);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; query?: Query; body?: unknown; signal?: AbortSignal;
  /** Content in another language than the interface's (the demo test in the learner's test language). */
  language?: Locale;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const locale = options.language ?? currentLocale();
  const hasBody = options.body !== undefined;
  try {
    // The spec sets no request timeout.
    const res = await fetch(buildApiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: {
        'Accept-Language': locales[locale].lang, Accept: 'application/json',
        ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
      credentials: 'same-origin',
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const text = await res.text();
    let data: unknown = null;
    try { data = text ? JSON.parse(text) : null; } catch { data = text; }
    if (!res.ok) throw { status: res.status, data } satisfies HttpFailure;
    return data as T;
  } catch (error) {
    const failure = toApiError(error, error instanceof Error ? error.message : 'Network error');
    if (failure.status === 401) unauthorizedHandlers.forEach((h) => h());
    throw failure;
  }
}
