import createClient, { type ClientOptions, type Middleware } from 'openapi-fetch'
import type { components, operations, paths } from './schema.ts'

export type { components, operations, paths }
/** The one error body of every failed call (spec §8). */
export type ApiError = components['schemas']['ApiError']

export interface ApiClientOptions extends ClientOptions {
  /** The bearer token for each call (access token, or the sign-up token during sign-up); none when it answers undefined. */
  token?: () => string | undefined
}

/**
 * A typed client of the API: `client.GET('/api/v1/gyms/my-gym')` answers `{ data }` or `{ error }`
 * typed from the OpenAPI document. `baseUrl` is the server's origin (e.g. https://app.example.cl).
 */
export function createApiClient({ token, ...options }: ApiClientOptions = {}) {
  const client = createClient<paths>(options)
  if (token) {
    const bearer: Middleware = {
      onRequest({ request }) {
        const value = token()
        // A call that names its own Authorization (refresh sends the refresh token) keeps it.
        if (value && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${value}`)
        return request
      },
    }
    client.use(bearer)
  }
  return client
}

export type ApiClient = ReturnType<typeof createApiClient>
