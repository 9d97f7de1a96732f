/**
 * Which database errors are the database's fault rather than the request's (issue 34): those
 * answer 503 (507 for storage) with Retry-After instead of 500, and feed the "database
 * unreachable" / "disk full" state lines (db/monitor.ts).
 */
export type DatabaseFault = 'unavailable' | 'timeout' | 'storage'

const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])

// node-postgres and pg-pool say these in words only.
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /not queryable/i,
  /connection (?:error|ended|closed)/i,
  /timeout exceeded when trying to connect/i,
  /cannot use a pool after calling end/i,
  /server closed the connection/i,
]
const TIMEOUT_MESSAGES = [/query read timeout/i, /database did not answer/i]
const STORAGE_MESSAGES = [/no space left on device/i, /disk full/i, /could not extend file/i]

/** SQLSTATE → fault. Class 08: connection exception; 57P0x: server shutting down or starting. */
function faultOfSqlState(code: string): DatabaseFault | undefined {
  if (code.startsWith('08')) return 'unavailable'
  switch (code) {
    case '57P01': // admin_shutdown (also pg_terminate_backend)
    case '57P02': // crash_shutdown
    case '57P03': // cannot_connect_now (starting up, recovering)
    case '53300': // too_many_connections
      return 'unavailable'
    case '57014': // query_canceled (statement_timeout)
    case '55P03': // lock_not_available (lock_timeout)
    case '25P03': // idle_in_transaction_session_timeout
    case '40P01': // deadlock_detected
    case '40001': // serialization_failure
      return 'timeout'
    case '53100': // disk_full
    case '53200': // out_of_memory
      return 'storage'
    default:
      return undefined
  }
}

/** The fault behind `err` (or anything in its `cause` chain: Drizzle wraps the driver's error). */
export function databaseFault(err: unknown): DatabaseFault | undefined {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e instanceof DatabaseFaultError) return e.fault
    const code = typeof e.code === 'string' ? e.code : ''
    const message = typeof e.message === 'string' ? e.message : ''
    if (code === 'ENOSPC' || STORAGE_MESSAGES.some((r) => r.test(message))) return 'storage'
    if (/^[0-9A-Z]{5}$/.test(code)) {
      const fault = faultOfSqlState(code)
      if (fault) return fault
    }
    if (UNAVAILABLE_ERRNO.has(code)) return 'unavailable'
    if (TIMEOUT_MESSAGES.some((r) => r.test(message))) return 'timeout'
    if (UNAVAILABLE_MESSAGES.some((r) => r.test(message))) return 'unavailable'
    e = e.cause as typeof e
  }
  return undefined
}

/** Thrown by our own checks (a refused write for lack of space, a database known to be down). */
export class DatabaseFaultError extends Error {
  constructor(
    public readonly fault: DatabaseFault,
    message: string,
  ) {
    super(message)
  }
}
