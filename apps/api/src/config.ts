import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { resolve } from 'node:path'
import { z } from 'zod'
import { BackupEnvShape } from './backup/settings.ts'

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional()

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional()

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1')

// A proxy as proxy-addr names it: an address, a CIDR, or one of its named ranges.
const isProxySpec = (s: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(s)) return true
  const [addr, bits, ...rest] = s.split('/')
  const family = isIP(addr ?? '')
  if (!family || rest.length) return false
  if (bits === undefined) return true
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)
}

/**
 * Whom to believe about the client's address: nobody (default: the socket address counts and
 * X-Forwarded-For is ignored), a number of proxy hops in front of the server, or the proxies'
 * own addresses. `true` (trust any X-Forwarded-For) is refused: it lets every client pick its IP.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    if (v === undefined || ['', 'false', '0', 'off', 'no'].includes(v.toLowerCase())) return false
    if (/^\d+$/.test(v)) {
      const hops = Number(v)
      if (hops > 10) ctx.addIssue({ code: 'custom', message: 'at most 10 proxy hops' })
      return hops
    }
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    const bad = list.filter((s) => !isProxySpec(s))
    if (bad.length || !list.length) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.0/8,127.0.0.1); "true" is not accepted because it would trust any client\'s X-Forwarded-For',
      })
      return false
    }
    return list
  })

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Default: 127.0.0.1 outside production, 0.0.0.0 in production. */
    HOST: optionalText,
    TRUST_PROXY: TrustProxySchema,
    APP_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl,
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    SMTP_URL: optionalUrl,
    /** smtp: SMTP_URL; mailbox: the built-in /dev/mailbox (not in production); log: a line per mail, no secrets. */
    MAIL_TRANSPORT: z.enum(['smtp', 'mailbox', 'log']).optional(),
    MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).default(7),
    MAIL_FROM: z.string().min(3).default('Entrenapp <no-reply@entrenapp.cl>'),
    SALES_EMAIL: z.email().default('ventas@entrenapp.cl'),
    /** "Download my data": more rows than this are built in the background and mailed as a link (decision 206). */
    PRIVACY_EXPORT_INLINE_MAX_ROWS: z.coerce.number().int().min(0).default(5000),
    /** How often each process looks for bookings to remind (decision 143); the E2E runs it every 2 s so as not to wait a minute. */
    BOOKING_REMINDERS_EVERY_MS: z.coerce.number().int().min(1_000).default(60_000),
    REDIS_URL: optionalUrl,
    JWT_ACCESS_SECRET: z.string().min(32).optional(),
    JWT_REFRESH_SECRET: z.string().min(32).optional(),
    ACCESS_TOKEN_TTL: z.coerce
      .number()
      .int()
      .min(30)
      .default(15 * 60),
    REFRESH_TOKEN_TTL: z.coerce
      .number()
      .int()
      .min(60)
      .default(30 * 24 * 3600),
    RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
    /** argon2 hashes/verifications at once (default: the number of cores) and how many may wait. */
    PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    PASSWORD_HASH_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(64),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PRICE_STARTER: optionalText,
    STRIPE_API_HOST: optionalText,
    STRIPE_API_PORT: z.coerce.number().int().optional(),
    STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
    /**
     * Which payment provider: sandbox, stripe or mercadopago (decision 207). Unset: stripe when
     * STRIPE_SECRET_KEY is set, else the sandbox. mercadopago links payout accounts (OAuth) and bills
     * the trainer's plan (decision 228) and charges clients on cards split at the source (decision 249); our page
     * hosting its card form is not built, so production refuses it.
     */
    PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe', 'mercadopago']).optional(),
    MERCADOPAGO_CLIENT_ID: optionalText,
    MERCADOPAGO_CLIENT_SECRET: optionalText,
    MERCADOPAGO_WEBHOOK_SECRET: optionalText,
    /** The platform's own account (the trainers' plan subscriptions are created with it). */
    MERCADOPAGO_ACCESS_TOKEN: optionalText,
    /** The application's public key: the card form tokenizes cards with it (decision 249). */
    MERCADOPAGO_PUBLIC_KEY: optionalText,
    /** Mercado Pago enabled card-on-file charging for our application: renewals charge the saved card; else each is a payment link. */
    MERCADOPAGO_CARD_ON_FILE: flag,
    /** Mercado Pago enabled advanced payments (disbursements) for our application: without them, central billing is refused. */
    MERCADOPAGO_SPLIT_PAYMENTS: flag,
    /** The REST API's address (the fake's in tests and sandbox mode). */
    MERCADOPAGO_BASE_URL: optionalUrl,
    /** The card form the client pays on (the fake's in tests); unset: our own page with Mercado Pago's Card Payment Brick. */
    MERCADOPAGO_CARD_FORM_URL: optionalUrl,
    /** Where a seller authorizes our application (Chile's site). */
    MERCADOPAGO_AUTH_URL: optionalUrl,
    /** Every call to Mercado Pago gives up after this (503 to our caller); below REQUEST_TIMEOUT_MS. */
    MERCADOPAGO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
    /** Not in production: `npm start` runs the fake Mercado Pago on a loopback port and uses it. */
    MERCADOPAGO_SANDBOX: flag,
    /** 32 bytes, base64: encrypts payout tokens at rest (derived from JWT_REFRESH_SECRET when unset, outside production). */
    TOKEN_ENCRYPTION_KEY: optionalText,
    /** Production only: run the built-in sandbox payment pages (anyone can subscribe for free). */
    ALLOW_SANDBOX_PAYMENTS: flag,
    // Operations (issue 11): GET /metrics only when METRICS=on; with METRICS_TOKEN it asks for that bearer token.
    METRICS: z.enum(['on', 'off']).default('off'),
    // Issue 27 (decision 223): electronic tax documents through Haulmer OpenFactura. Without an API
    // key `npm start` and the tests use the local fake (never in production, where documents wait).
    OPENFACTURA_API_KEY: optionalText,
    OPENFACTURA_BASE_URL: optionalUrl,
    OPENFACTURA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
    /** The platform as the documents' issuer (emisor): required with a key; unset, a fictitious company for the fake. */
    TAX_ISSUER_RUT: optionalText,
    TAX_ISSUER_NAME: optionalText,
    TAX_ISSUER_ACTIVITY: optionalText,
    TAX_ISSUER_ACTIVITY_CODE: optionalText.pipe(
      z
        .string()
        .regex(/^\d{6}$/, 'is the SII activity code (6 digits)')
        .optional(),
    ),
    TAX_ISSUER_ADDRESS: optionalText,
    TAX_ISSUER_COMMUNE: optionalText,
    // Issue 27 (decisions 222, 235): no new charges without an approved tax start; on everywhere
    // unless an operator sets it off (tests meet the rule a real seller meets).
    TAX_START_CHECK: z.enum(['on', 'off']).default('on'),
    METRICS_TOKEN: z
      .string()
      .trim()
      .transform((v) => (v === '' ? undefined : v))
      .pipe(z.string().min(16).optional())
      .optional(),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
    // Faults (issue 34, docs/operations.md): fail fast instead of hanging on a database that does not answer.
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_000),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
    DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).default(2_000),
    DATABASE_IDLE_TX_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /** Seconds `npm start` keeps retrying an unreachable database (`forever`, or 0 to exit at once). */
    DATABASE_START_WAIT: z
      .string()
      .trim()
      .regex(/^(forever|\d+)$/, 'must be "forever" or a number of seconds')
      .default('forever')
      .transform((v) => (v === 'forever' ? Infinity : Number(v))),
    /** Every request answers within this (503 otherwise). */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(10_000),
    /** Embedded database: writes are refused while DATA_DIR's disk has less free space (≥ 2 WAL segments + margin). */
    DISK_RESERVE_MB: z.coerce.number().int().min(0).default(64),
    ...BackupEnvShape,
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      for (const key of ['JWT_ACCESS_SECRET', 'JWT_REFRESH_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when NODE_ENV=production' })
      }
      if (!env.STRIPE_SECRET_KEY && !env.ALLOW_SANDBOX_PAYMENTS) {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message:
            'is required when NODE_ENV=production (a real payment provider); without it the sandbox pages hand out subscriptions for free. Set ALLOW_SANDBOX_PAYMENTS=true to run them anyway',
        })
      }
      if (!env.SMTP_URL && env.MAIL_TRANSPORT !== 'log') {
        ctx.addIssue({
          code: 'custom',
          path: ['SMTP_URL'],
          message: 'is required when NODE_ENV=production (mail must reach people). Set MAIL_TRANSPORT=log to only log that mail was sent',
        })
      }
      if (env.MAIL_TRANSPORT === 'mailbox') {
        ctx.addIssue({
          code: 'custom',
          path: ['MAIL_TRANSPORT'],
          message: 'mailbox is not available when NODE_ENV=production (use smtp or log)',
        })
      }
    }
    // Real documents name the real issuer: the company the OpenFactura key belongs to (decision 223).
    if (env.OPENFACTURA_API_KEY) {
      const issuer = [
        'TAX_ISSUER_RUT',
        'TAX_ISSUER_NAME',
        'TAX_ISSUER_ACTIVITY',
        'TAX_ISSUER_ACTIVITY_CODE',
        'TAX_ISSUER_ADDRESS',
        'TAX_ISSUER_COMMUNE',
      ] as const
      for (const key of issuer)
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required with OPENFACTURA_API_KEY (the company the key belongs to)' })
    }
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when MAIL_TRANSPORT=smtp' })
    }
    if (env.PAYMENTS_PROVIDER === 'mercadopago') {
      if (env.NODE_ENV === 'production') {
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENTS_PROVIDER'],
          message:
            "mercadopago cannot run in production yet: payout linking and the trainer's plan are built (issue 26), its client charges, transfers and refunds of split payments are not",
        })
      }
      if (!env.MERCADOPAGO_SANDBOX) {
        for (const key of [
          'MERCADOPAGO_CLIENT_ID',
          'MERCADOPAGO_CLIENT_SECRET',
          'MERCADOPAGO_WEBHOOK_SECRET',
          'MERCADOPAGO_ACCESS_TOKEN',
        ] as const) {
          if (!env[key])
            ctx.addIssue({
              code: 'custom',
              path: [key],
              message: 'is required when PAYMENTS_PROVIDER=mercadopago (or set MERCADOPAGO_SANDBOX=true)',
            })
        }
      }
    }
    if (env.MERCADOPAGO_SANDBOX && env.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['MERCADOPAGO_SANDBOX'], message: 'is not available when NODE_ENV=production' })
    }
    if (env.TOKEN_ENCRYPTION_KEY !== undefined && Buffer.from(env.TOKEN_ENCRYPTION_KEY, 'base64').length !== 32) {
      ctx.addIssue({ code: 'custom', path: ['TOKEN_ENCRYPTION_KEY'], message: 'must be 32 bytes in base64 (openssl rand -base64 32)' })
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required when STRIPE_SECRET_KEY is set' })
    }
  })
  .transform((env) => ({
    ...env,
    HOST: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    MAIL_TRANSPORT: env.MAIL_TRANSPORT ?? deriveMailTransport(env),
  }))

function deriveMailTransport(env: { SMTP_URL?: string }): 'smtp' | 'mailbox' {
  return env.SMTP_URL ? 'smtp' : 'mailbox'
}

export type Config = Omit<z.infer<typeof EnvSchema>, 'APP_URL' | 'JWT_ACCESS_SECRET' | 'JWT_REFRESH_SECRET'> & {
  APP_URL: string
  JWT_ACCESS_SECRET: string
  JWT_REFRESH_SECRET: string
  /** In-memory database (tests only). */
  inMemory?: boolean
}

export class ConfigError extends Error {}

/**
 * Parses the environment; a bad value throws a ConfigError naming the variable. `secrets: false`
 * (commands that sign no token) never creates DATA_DIR/secrets.json: the JWT secrets are then empty.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, opts: { secrets?: boolean } = {}): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const c = parsed.data
  // Relative to where `npm …` was typed (INIT_CWD), so workspace scripts share the root ./data.
  const dataDir = resolve(env.INIT_CWD ?? process.cwd(), c.DATA_DIR)
  const secrets = (c.JWT_ACCESS_SECRET && c.JWT_REFRESH_SECRET) || opts.secrets === false ? null : loadOrCreateSecrets(dataDir)
  return {
    ...c,
    DATA_DIR: dataDir,
    APP_URL: (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    JWT_ACCESS_SECRET: c.JWT_ACCESS_SECRET ?? secrets?.access ?? '',
    JWT_REFRESH_SECRET: c.JWT_REFRESH_SECRET ?? secrets?.refresh ?? '',
  }
}

// Generated once so that tokens survive a restart without any set-up.
function loadOrCreateSecrets(dataDir: string): { access: string; refresh: string } {
  const file = resolve(dataDir, 'secrets.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'))
  mkdirSync(dataDir, { recursive: true })
  const secrets = { access: randomBytes(48).toString('base64url'), refresh: randomBytes(48).toString('base64url') }
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 })
  return secrets
}

/** A complete config for tests, with no file access. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...EnvSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    APP_URL: 'http://localhost:3000',
    JWT_ACCESS_SECRET: 'test-access-secret-test-access-secret-0123',
    JWT_REFRESH_SECRET: 'test-refresh-secret-test-refresh-secret-012',
    inMemory: true,
    // Derived as loadConfig does, unless the test names it.
    MAIL_TRANSPORT: overrides.MAIL_TRANSPORT ?? deriveMailTransport(overrides),
    ...overrides,
  }
}
