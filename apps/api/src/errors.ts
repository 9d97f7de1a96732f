import type { ErrorCode, ServiceErrorCode } from '@app/contracts'

/** One code per field; only codes the web app has words for (contracts ERROR_CODES). */
export type FieldErrors = Record<string, ErrorCode>

/** Services throw these; the error handler turns them into the spec's error shape. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: FieldErrors,
    public readonly headers?: Record<string, string>,
    public readonly code?: ServiceErrorCode,
  ) {
    super(message)
  }
}

export const unprocessable = (errors: FieldErrors, message = 'Unprocessable entity') => new HttpError(422, message, errors)
export const badRequest = (message = 'Bad request') => new HttpError(400, message)
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message)
export const forbidden = (message = 'Forbidden') => new HttpError(403, message)
export const notFound = (message = 'Not found', errors?: FieldErrors) => new HttpError(404, message, errors)
export const conflict = (message: string, errors?: FieldErrors) => new HttpError(409, message, errors)
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) })

/** 503/507 for a dependency that cannot serve now: a stable code and Retry-After (issue 34). */
export const serviceUnavailable = (code: ServiceErrorCode, message: string, retryAfterSeconds: number, status = 503) =>
  new HttpError(status, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) }, code)
