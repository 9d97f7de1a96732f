import type { Config } from '../config.ts'
import { unprocessable } from '../errors.ts'

/** The names of this machine a browser may have typed for a local install. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]']

type UrlConfig = Pick<Config, 'APP_URL' | 'NODE_ENV' | 'DATABASE_URL'>

/**
 * The origins a return URL (checkout, portal, payout onboarding) may name: APP_URL's. While APP_URL
 * is itself a loopback name and the server runs in development/test or on the embedded database, the
 * other loopback names with the same scheme and port too (decision 199, issue 23 point 10): someone
 * who opened http://127.0.0.1:3000 comes back there, where their session is. A loopback address only
 * reaches the person's own machine, so this opens no redirect to anyone else.
 */
export function returnOrigins(config: UrlConfig): string[] {
  const app = new URL(config.APP_URL)
  const local = LOOPBACK_HOSTS.includes(app.hostname) && (config.NODE_ENV !== 'production' || !config.DATABASE_URL)
  if (!local) return [app.origin]
  const port = app.port ? `:${app.port}` : ''
  return [app.origin, ...LOOPBACK_HOSTS.map((host) => new URL(`${app.protocol}//${host}${port}`).origin).filter((o) => o !== app.origin)]
}

/** A redirect must stay on our own web app: never an open redirect to another origin (422 invalidRedirect). */
export function ownUrl(config: UrlConfig, value: string, field: string): string {
  const refuse = () => unprocessable({ [field]: 'invalidRedirect' }, `${field} must be a URL of ${config.APP_URL}`)
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw refuse()
  }
  if (!returnOrigins(config).includes(url.origin)) throw refuse()
  return url.toString()
}
