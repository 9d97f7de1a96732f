/** Services throw these; the error handler turns them into the spec's error shape. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: Record<string, string>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export const unprocessable = (errors: Record<string, string>, message = 'Unprocessable entity') =>
  new HttpError(422, message, errors)
export const badRequest = (message = 'Bad request') => new HttpError(400, message)
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message)
export const forbidden = (message = 'Forbidden') => new HttpError(403, message)
export const notFound = (message = 'Not found') => new HttpError(404, message)
export const conflict = (message: string, errors?: Record<string, string>) => new HttpError(409, message, errors)
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) })
