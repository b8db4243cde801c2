// One error shape for the whole API: {desc, status, code?}, with `desc` in the request's language.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { useTranslations, type Locale } from '../i18n';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    /** A message key (`errors.*`) translated per request, or already-translated text. */
    readonly messageKey: string,
    readonly params: Record<string, unknown> = {},
    readonly code?: string,
  ) {
    super(messageKey);
    this.name = 'ApiError';
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

export function errorBody(c: Context, status: number, key: string, params: Record<string, unknown> = {}, code?: string) {
  const t = useTranslations(requestLocale(c.req.header('accept-language')));
  const desc = t(key, params);
  return code ? { desc, status, code } : { desc, status };
}

/** What kind of rule refused a request, as services say it (no HTTP in them); the one onError answers with its status. */
export type DomainErrorKind = 'invalid' | 'forbidden' | 'notFound' | 'conflict';
const DOMAIN_STATUS: Record<DomainErrorKind, ContentfulStatusCode> = { invalid: 400, forbidden: 403, notFound: 404, conflict: 409 };

/** A domain rule's refusal: a kind and a message key (`errors.*`). An ApiError underneath, so the one onError maps it. */
export class DomainError extends ApiError {
  constructor(readonly kind: DomainErrorKind, messageKey: string, params: Record<string, unknown> = {}) {
    super(DOMAIN_STATUS[kind], messageKey, params);
    this.name = 'DomainError';
  }
}
