// One error shape for the whole API: {desc, status, code?}, with `desc` in the request's language.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { useTranslations, type Locale, type MessageKey } from '../i18n';
import type { DomainError, DomainErrorKind } from './services/domain-error';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    /** A message key (`errors.*`) translated per request. */
    readonly messageKey: MessageKey,
    readonly params: Record<string, unknown> = {},
    readonly code?: string,
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }
}

/**
 * The database cannot be reached or does not answer in time (src/server/db/availability.ts decides
 * which failures are these). The one onError answers 503 with Retry-After: the learner may simply
 * try again, and nothing about the failure is a bug to log per request.
 */
export class DatabaseUnavailableError extends ApiError {
  /** Seconds a client should wait before trying again. */
  static readonly retryAfter = 5;
  constructor(override readonly cause: unknown) {
    super(503, 'errors.databaseUnavailable');
    this.name = 'DatabaseUnavailableError';
  }
}

/** The learner's language from Accept-Language (kk/kz → kz, en → en, anything else → ru). */
export function requestLocale(header: string | null | undefined): Locale {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag.startsWith('kk') || tag.startsWith('kz')) return 'kz';
    if (tag.startsWith('en')) return 'en';
    if (tag.startsWith('ru')) return 'ru';
  }
  return 'ru';
}

export function errorBody(
  c: Context,
  status: number,
  key: MessageKey,
  params: Record<string, unknown> = {},
  code?: string,
) {
  const t = useTranslations(requestLocale(c.req.header('accept-language')));
  const desc = t(key, params);
  return code ? { desc, status, code } : { desc, status };
}

/** The HTTP status of each kind of domain refusal (services say the kind, never the status). */
const DOMAIN_STATUS: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooManyAttempts: 429,
};

/** A domain refusal as the one API error: its status, and its message key translated per request. */
export function apiErrorFor(error: DomainError): ApiError {
  return new ApiError(DOMAIN_STATUS[error.kind], error.messageKey, error.params);
}
