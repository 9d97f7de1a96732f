// The API's field codes with no zod: the web app's first download may import this module.

/**
 * Every field code the API sends in `errors` today (spec §8 shape): from the contracts' own
 * `{ error: '…' }` codes, the API's validation mapper (apps/api/src/plugins/errors.ts `codeOf`)
 * and the services' unprocessable()/conflict() errors. The web app has a text for each one
 * (apps/web/src/lib/error-text.ts), so adding a code here without a text fails the typecheck.
 */
export const ERROR_CODES = [
  // validation (schemas and the API's mapper)
  'required',
  'invalid',
  'invalidType',
  'invalidEmail',
  'invalidPhone',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooBig',
  'unknownField',
  'weakPassword',
  'mustSumToOne',
  'invalidCharacters',
  'nothingToChange',
  /** A search matching more than its list may hold (console: a trainer's name or e-mail). */
  'tooBroad',
  // auth and sign-up
  'notFound',
  'notExists',
  'emailAlreadyExists',
  'incorrectPassword',
  'inactive',
  'notBusinessAccount',
  'invalidOrExpired',
  'invalidHash',
  'alreadyVerified',
  // gyms, trainers, billing
  'alreadyExists',
  'hasTrainers',
  'limitReached',
  'alreadySubscribed',
  'invalidRedirect',
  'notPurchasable',
  // profiles, bookings, reviews (issue 21)
  'unsupportedImage',
  'slotFull',
  'slotUnavailable',
  'tooLate',
  'notAttended',
  'alreadyAnswered',
  // privacy (issue 20)
  'accountClosed',
  'reopenExpired',
  'tooYoung',
  // progress (issue 25): health data needs the client's consent to the current purpose text
  'consentRequired',
  // payouts (issue 26, decision 213): with linked payout accounts, the trainer's own and, under central billing, the gym's
  'linkRequired',
  'gymLinkRequired',
  // decision 249: central billing needs split payments the provider enabled for the platform
  'splitUnavailable',
  // tax identity (issue 27, decision 214): a RUT whose check digit is wrong, or one another account of the same type has
  'invalidRut',
  'rutTaken',
  // sellers' tax start (issue 27, decision 222): readiness to charge (field payouts), a second pending declaration, a proof of another type
  'taxStartRequired',
  'taxStartPending',
  'taxStartLapsed',
  'gymTaxStartRequired',
  'alreadyPending',
  'unsupportedFile',
  'tooLarge',
  // withdrawal right and cancel (issue 27, decision 224): past the 10 days, after the service began, already ended, a charge with no refund path
  'withdrawalExpired',
  'serviceStarted',
  'alreadyCancelled',
  'refundUnavailable',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** The codes by name (`ErrorCode.required`), for code that prefers a constant to a string. */
export const ErrorCode = Object.fromEntries(ERROR_CODES.map((c) => [c, c])) as { readonly [C in ErrorCode]: C }

export const isErrorCode = (value: unknown): value is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(value)

/**
 * Codes of refusals that are about the service rather than a field (issue 34), in the error
 * body's `code`. 503 and 507 come with Retry-After: the same request may be sent again (with the
 * same Idempotency-Key) after that many seconds.
 */
export const SERVICE_ERROR_CODES = [
  /** 503: the database does not answer (restarting, unreachable). */
  'databaseUnavailable',
  /** 503: the database answered too slowly (statement or lock timeout, frozen server). */
  'databaseTimeout',
  /** 507: no room left to store data; reads still work. */
  'storageFull',
  /** 503: the request did not finish within REQUEST_TIMEOUT_MS. */
  'requestTimeout',
  /** 422: the Idempotency-Key was used before for a different request. */
  'idempotencyKeyReused',
  /** 409: a request with this Idempotency-Key is still being processed. */
  'idempotencyKeyInProgress',
  /** 409: the request with this Idempotency-Key was carried out but its answer was lost. */
  'idempotencyAnswerLost',
  /** 503: the payment provider did not answer in time or failed; nothing was changed here. */
  'paymentProviderUnavailable',
] as const
export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[number]
