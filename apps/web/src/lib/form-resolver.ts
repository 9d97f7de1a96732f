import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'
import { errorText, type TextSource } from './error-text'

/**
 * The code of a zod issue that its schema did not name, by the same rules as the API's error
 * mapper (apps/api/src/plugins/errors.ts `codeOf`), so a form and a 422 speak the same codes.
 */
export function issueCode(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'required' : 'invalidType'
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1 ? 'required' : 'tooShort'
    case 'too_big':
      return 'tooLong'
    case 'invalid_format':
      return issue.format === 'email' ? 'invalidEmail' : 'invalid'
    case 'unrecognized_keys':
      return 'unknownField'
    default:
      return 'invalid'
  }
}

/** Replaces each error's code (its message) with the person's text; `type` keeps the code. */
function toTexts(errors: FieldErrors, source: TextSource, field?: string): FieldErrors {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue
    const leaf = value as { message?: unknown; type?: unknown; ref?: unknown }
    if (typeof leaf.message === 'string') {
      // Root errors of a nested object (`key` 'root') belong to the parent field.
      const name = key === 'root' && field ? field : key
      out[key] = { ...leaf, type: leaf.message, message: errorText(name, leaf.message, source) }
    } else {
      out[key] = toTexts(value as FieldErrors, source, key)
    }
  }
  return out as FieldErrors
}

/**
 * react-hook-form's resolver for a contracts schema: every message is the screen-language text
 * of lib/error-text.ts, never zod's own ("Too small: expected string…").
 */
export function formResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  source: TextSource,
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema as never, { error: (issue: z.core.$ZodRawIssue) => issueCode(issue) } as never) as unknown as Resolver<
    Input,
    unknown,
    Output
  >
  return async (values, context, options) => {
    const result = await resolve(values, context, options)
    return Object.keys(result.errors).length ? { values: {}, errors: toTexts(result.errors, source) as never } : result
  }
}
