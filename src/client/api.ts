// The one HTTP client every island uses (DESIGN §5), on ofetch (the project's HTTP client): adds
// `upd=1`, serialises queries in bracket style (`filter[active]=true`) with a dozen lines of our own
// (qs stays on the server: it would cost the browser ~10 KB gzip), sends Accept-Language, and turns
// any failure into {desc, status}.
import { ofetch, type FetchContext } from 'ofetch';
import { locales, localeFromPath, type Locale } from '../i18n/locales';

export interface ApiErrorBody {
  desc: string;
  status: number;
  code?: string | undefined;
}

export class ApiRequestError extends Error implements ApiErrorBody {
  constructor(
    readonly desc: string,
    readonly status: number,
    readonly code?: string,
    /** Seconds the server asked the client to wait (a 429's or 503's Retry-After), when it said. */
    readonly retryAfter?: number,
  ) {
    super(desc);
    this.name = 'ApiRequestError';
  }
}

export type Query = Record<string, unknown>;

/** Bracket-style pairs: {filter: {active: true}, ids: [1, 2]} → filter[active]=true, ids[]=1, ids[]=2. */
function serialize(value: unknown, key: string, out: string[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) value.forEach((item) => serialize(item, `${key}[]`, out));
  else if (typeof value === 'object')
    for (const [k, v] of Object.entries(value)) serialize(v, key ? `${key}[${k}]` : k, out);
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
export interface HttpFailure {
  status: number;
  data: unknown;
  /** The Retry-After header as sent (delta-seconds), if any. */
  retryAfter?: string | null;
}

/** Retry-After in whole seconds (delta-seconds only: the API never sends a date), or undefined. */
export function retryAfterSeconds(header: string | null | undefined): number | undefined {
  if (!header || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** Any failure (our {desc, status}, a proxy's HTML, a network error) as {desc, status}. */
export function toApiError(error: unknown, fallbackDesc: string): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (error && typeof error === 'object' && 'status' in error && 'data' in error) {
    const { status, data, retryAfter } = error as HttpFailure;
    const body = (data && typeof data === 'object' ? data : {}) as Partial<ApiErrorBody>;
    const desc = typeof body.desc === 'string' && body.desc ? body.desc : fallbackDesc;
    return new ApiRequestError(
      desc,
      status,
      typeof body.code === 'string' ? body.code : undefined,
      retryAfterSeconds(retryAfter),
    );
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
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Content in another language than the interface's (the demo test in the learner's test language). */
  language?: Locale;
}

/** Our body parser: JSON when it is JSON (whatever the Content-Type says), else the text (a proxy's page). */
function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

const api = ofetch.create({
  baseURL: '/rest',
  credentials: 'same-origin',
  headers: { Accept: 'application/json' },
  parseResponse: parseBody,
  // Never repeat a call by itself: an answer or a sign-in must not be sent twice, and while the
  // server is down it says when to come back (503 Retry-After) rather than wanting an instant retry.
  retry: 0,
  onResponseError({ response }: FetchContext) {
    const failure = toApiError(
      {
        status: response!.status,
        data: response!._data,
        retryAfter: response!.headers.get('retry-after'),
      } satisfies HttpFailure,
      response!.statusText || 'HTTP error',
    );
    if (failure.status === 401) unauthorizedHandlers.forEach((h) => h());
    throw failure;
  },
  onRequestError({ error }: FetchContext) {
    // No answer at all (offline, DNS, aborted): status 0 and the browser's own words.
    throw toApiError(error, error?.message || 'Network error');
  },
});

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const locale = options.language ?? currentLocale();
  try {
    // The spec sets no request timeout.
    return await api<T>(buildApiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: { 'Accept-Language': locales[locale].lang },
      ...(options.body !== undefined ? { body: options.body as Record<string, unknown> } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    throw toApiError(error, error instanceof Error ? error.message : 'Network error');
  }
}
