// What services throw when a domain rule refuses a request. No HTTP here: the one onError
// (src/server/app.ts) turns the kind into a status through src/server/errors.ts.

import type { MessageKey } from '../../i18n/keys';

/** What kind of rule refused a request. */
export type DomainErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'notFound' | 'conflict' | 'tooManyAttempts';

/** A domain rule's refusal: a kind and a message key (`errors.*`) with its parameters. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly messageKey: MessageKey,
    readonly params: Record<string, unknown> = {},
  ) {
    super(messageKey);
    this.name = 'DomainError';
  }
}

/** A sign-in refused by the login limits, and how long to wait (the route sends it as Retry-After). */
export class TooManyAttemptsError extends DomainError {
  constructor(
    readonly waitMs: number,
    /** `address`: the slow-down of one network address, which says so (it is not the account's doing). */
    readonly limit: 'address' | 'other' = 'other',
  ) {
    const seconds = Math.ceil(waitMs / 1000);
    // The slow-downs ask for seconds, the pair limit for minutes.
    super(
      'tooManyAttempts',
      seconds >= 60
        ? 'errors.tooManyAttempts'
        : limit === 'address'
          ? 'errors.tooManyNetworkAttempts'
          : 'errors.tooManySecondAttempts',
      { count: seconds < 60 ? seconds : Math.ceil(waitMs / 60_000) },
    );
    this.name = 'TooManyAttemptsError';
  }

  get retryAfterSeconds(): number {
    return Math.ceil(this.waitMs / 1000);
  }
}
