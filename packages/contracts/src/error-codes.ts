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
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** The codes by name (`ErrorCode.required`), for code that prefers a constant to a string. */
export const ErrorCode = Object.fromEntries(ERROR_CODES.map((c) => [c, c])) as { readonly [C in ErrorCode]: C }

export const isErrorCode = (value: unknown): value is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(value)
