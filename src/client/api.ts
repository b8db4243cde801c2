// The one HTTP client every island uses (DESIGN §5): adds `upd=1`, serialises queries in bracket
// style (`filter[active]=true`), sends Accept-Language, and turns any failure into {desc, status}.
import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import qs from 'qs';
import { locales, localeFromPath, type Locale } from '../i18n/locales';

export interface ApiErrorBody { desc: string; status: number; code?: string | undefined }

export class ApiRequestError extends Error implements ApiErrorBody {
  constructor(readonly desc: string, readonly status: number, readonly code?: string) {
    super(desc);
    this.name = 'ApiRequestError';
  }
}

export type Query = Record<string, unknown>;

/** `/rest/v1/x?upd=1&filter[active]=true` — the spec's fixed param and bracket serialisation. */
export function buildApiUrl(path: string, query: Query = {}): string {
  const search = qs.stringify({ ...query, upd: 1 }, { arrayFormat: 'brackets', encodeValuesOnly: true });
  const base = path.startsWith('/rest/') ? path : `/rest/${path.replace(/^\/+/, '')}`;
  return `${base}${base.includes('?') ? '&' : '?'}${search}`;
}

/** Any error body (ours, a proxy's HTML, a network failure) as {desc, status}. */
export function toApiError(error: unknown, fallbackDesc: string): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (error instanceof FetchError) {
    const data = error.data as Partial<ApiErrorBody> | undefined;
    const status = error.response?.status ?? data?.status ?? 0;
    const desc = typeof data?.desc === 'string' && data.desc ? data.desc : fallbackDesc;
    return new ApiRequestError(desc, status, typeof data?.code === 'string' ? data.code : undefined);
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

export interface RequestOptions { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; query?: Query; body?: unknown; signal?: AbortSignal }

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const locale = currentLocale();
  try {
    return await ofetch<T>(buildApiUrl(path, options.query), {
      method: options.method ?? 'GET',
      body: options.body as Record<string, unknown> | undefined,
      headers: { 'Accept-Language': locales[locale].lang, Accept: 'application/json' },
      credentials: 'same-origin',
      signal: options.signal,
      // The spec sets no request timeout.
    } as FetchOptions<'json'>);
  } catch (error) {
    const failure = toApiError(error, error instanceof Error ? error.message : 'Network error');
    if (failure.status === 401) unauthorizedHandlers.forEach((h) => h());
    throw failure;
  }
}
