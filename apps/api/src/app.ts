import cors from '@fastify/cors'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import { openDatabase, type Database, type DatabaseOptions } from './db/client.ts'
import authRoutes from './modules/auth/routes.ts'
import mailboxRoutes from './modules/dev/mailbox.ts'
import healthRoutes from './modules/health/routes.ts'
import plansRoutes from './modules/plans/routes.ts'
import formsRoutes from './modules/forms/routes.ts'
import businessRoutes from './modules/business/routes.ts'
import gymsRoutes from './modules/gyms/routes.ts'
import trainersRoutes from './modules/trainers/routes.ts'
import taxIdentityRoutes from './modules/tax-identity/routes.ts'
import taxStartRoutes from './modules/tax-start/routes.ts'
import { scheduleTaxStartReminders } from './modules/tax-start/reminders.ts'
import passwordResetRoutes from './modules/password-reset/routes.ts'
import signupRoutes from './modules/signup/routes.ts'
import usersRoutes from './modules/users/routes.ts'
import billingRoutes from './modules/billing/routes.ts'
import payoutOnboardingRoutes from './modules/payout-onboarding/routes.ts'
import payoutLinkRoutes from './modules/payout-links/routes.ts'
import { schedulePayoutLinkRefresh } from './modules/payout-links/service.ts'
import paymentWebhookRoutes from './modules/payments/routes.ts'
import { providerPages } from './providers/payments/index.ts'
import { scheduleCardRenewals } from './modules/client-billing/card-charges.ts'
import cardDevRoutes from './modules/client-billing/card-dev-routes.ts'
import adminRoutes from './modules/admin/routes.ts'
import clientBillingRoutes from './modules/client-billing/routes.ts'
import statementRoutes from './modules/statements/routes.ts'
import emailChangeRoutes from './modules/email-change/routes.ts'
import emailVerificationRoutes from './modules/email-verification/routes.ts'
import profileRoutes from './modules/profiles/routes.ts'
import bookingRoutes from './modules/bookings/routes.ts'
import reviewRoutes from './modules/reviews/routes.ts'
import clientAuthRoutes from './modules/client-auth/routes.ts'
import privacyRoutes from './modules/privacy/routes.ts'
import { schedulePrivacyPurge } from './modules/privacy/purge.ts'
import { scheduleDataExports } from './modules/privacy/export-jobs.ts'
import privacyDevRoutes from './modules/privacy/dev-routes.ts'
import withdrawalDevRoutes from './modules/withdrawal/dev-routes.ts'
import exerciseRoutes from './modules/exercises/routes.ts'
import routineRoutes from './modules/routines/routes.ts'
import progressRoutes from './modules/progress/routes.ts'
import withdrawalRoutes from './modules/withdrawal/routes.ts'
import { scheduleRenewalNotices } from './modules/withdrawal/renewal-notices.ts'
import trainerPages from './modules/profiles/page.ts'
import { scheduleListingSweep } from './modules/profiles/listing-sweep.ts'
import { scheduleReminders } from './modules/bookings/reminders.ts'
import { scheduleWeeklyDigests } from './modules/routines/digest.ts'
import { scheduleStatementReadyMails } from './modules/statements/ready-mail.ts'
import authPlugin from './plugins/auth.ts'
import sessionCachePlugin from './plugins/session-cache.ts'
import helmet from './plugins/security-headers.ts'
import requestLogPlugin from './plugins/request-log.ts'
import metricsPlugin from './plugins/metrics.ts'
import opsPlugin from './plugins/ops.ts'
import backupsPlugin from './plugins/backups.ts'
import dbPlugin from './plugins/db.ts'
import deadlinePlugin from './plugins/deadline.ts'
import idempotencyPlugin from './plugins/idempotency.ts'
import docsPlugin from './plugins/docs.ts'
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors.ts'
import { loggerOptions, requestIdOf } from './plugins/logging.ts'
import inputHygienePlugin from './plugins/input-hygiene.ts'
import limitsPlugin from './plugins/rate-limit.ts'
import mailerPlugin, { type MailTransport } from './plugins/mailer.ts'
import paymentsPlugin from './plugins/payments.ts'
import payoutLinksPlugin from './plugins/payout-links.ts'
import taxDocumentsPlugin from './plugins/tax-documents.ts'
import taxDocumentRoutes from './modules/tax-documents/routes.ts'
import webPlugin, { webInlineScriptHashes } from './plugins/web.ts'
import { configurePasswordHashing } from './modules/users/hashing.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
  }
}

export interface AppOptions {
  config: Config
  /** An open database (tests share one per file); otherwise one is opened from the config. */
  database?: Database
  /** Close `database` with the app (default: only a database the app opened itself). */
  closeDatabase?: boolean
  mailTransport?: MailTransport
  /** Deliver queued mail on a timer (default); tests call app.mailer.flush() instead. */
  mailAutoDeliver?: boolean
  /** Serve the built web app (default: when apps/web/dist exists). */
  serveWeb?: boolean
  /** The web build to serve (default: apps/web/dist); tests give one of their own. */
  webRoot?: string
}

/**
 * Fastify treats a bare hop count as "trust nothing"; TRUST_PROXY=N means N proxies in front of
 * us, so the address the Nth proxy appended (the rightmost but N-1) is the client.
 */
function trustProxyOf(setting: Config['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting
  return (_address: string, hop: number) => hop < setting
}

/** How the configuration opens the database (issue 34: timeouts, start-up wait, disk reserve). */
export function databaseOptionsOf(config: Config): DatabaseOptions {
  return {
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    inMemory: config.inMemory,
    poolMax: config.DATABASE_POOL_MAX,
    timeouts: {
      connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: config.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionMs: config.DATABASE_IDLE_TX_TIMEOUT_MS,
    },
    startWaitSeconds: config.DATABASE_START_WAIT,
    diskReserveBytes: config.DISK_RESERVE_MB * 1024 * 1024,
  }
}

/** Every API module, mounted under /api/v1. Later modules register here. */
async function apiV1(app: FastifyInstance) {
  await app.register(authRoutes)
  await app.register(plansRoutes)
  await app.register(formsRoutes)
  await app.register(businessRoutes)
  await app.register(gymsRoutes)
  await app.register(trainersRoutes)
  await app.register(taxIdentityRoutes)
  await app.register(taxStartRoutes)
  await app.register(taxDocumentRoutes)
  await app.register(passwordResetRoutes)
  await app.register(signupRoutes)
  await app.register(usersRoutes)
  await app.register(billingRoutes)
  await app.register(paymentWebhookRoutes)
  await app.register(payoutOnboardingRoutes)
  await app.register(payoutLinkRoutes)
  await app.register(emailVerificationRoutes)
  await app.register(emailChangeRoutes)
  await app.register(adminRoutes)
  await app.register(clientBillingRoutes)
  await app.register(statementRoutes)
  await app.register(profileRoutes)
  await app.register(bookingRoutes)
  await app.register(reviewRoutes)
  await app.register(clientAuthRoutes)
  await app.register(privacyRoutes)
  await app.register(exerciseRoutes)
  await app.register(routineRoutes)
  await app.register(progressRoutes)
  await app.register(withdrawalRoutes)
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts
  const app = Fastify({
    // Request URLs are logged with their secrets redacted and e-mails masked; bodies never.
    logger: loggerOptions(config),
    bodyLimit: 1024 * 1024,
    genReqId: requestIdOf,
    // Off unless TRUST_PROXY names the proxies: request.ip is then the socket address.
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    // The longest path parameter a schema accepts is 200 characters; longer ones answer 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler,
    keepAliveTimeout: 30_000,
    // plugins/request-log.ts writes one line per request instead of two.
    disableRequestLogging: true,
  })
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('config', config)
  configurePasswordHashing({
    maxQueued: config.PASSWORD_HASH_QUEUE_MAX,
    ...(config.PASSWORD_HASH_CONCURRENCY ? { concurrency: config.PASSWORD_HASH_CONCURRENCY } : {}),
  })

  const database = opts.database ?? (await openDatabase(databaseOptionsOf(config)))

  await app.register(errorsPlugin)
  await app.register(deadlinePlugin)
  await app.register(inputHygienePlugin)
  await app.register(requestLogPlugin)
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The web build's inline scripts by hash (plugins/web.ts), never 'unsafe-inline'.
        scriptSrc: ["'self'", ...webInlineScriptHashes()],
        // Radix and sonner set inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.APP_URL.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  })
  await app.register(cors, { origin: [config.APP_URL], credentials: false, methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] })
  await app.register(dbPlugin, { database, closeWithApp: opts.closeDatabase ?? !opts.database })
  await app.register(limitsPlugin)
  await app.register(mailerPlugin, { transport: opts.mailTransport, autoDeliver: opts.mailAutoDeliver })
  await app.register(sessionCachePlugin)
  await app.register(authPlugin)
  await app.register(idempotencyPlugin)
  await app.register(paymentsPlugin)
  await app.register(payoutLinksPlugin)
  await app.register(taxDocumentsPlugin, { autoIssue: opts.mailAutoDeliver ?? true })
  await app.register(docsPlugin)
  await app.register(metricsPlugin)
  await app.register(opsPlugin)
  await app.register(backupsPlugin)

  await app.register(healthRoutes, { prefix: '/api' })
  await app.register(apiV1, { prefix: '/api/v1' })
  // Issue 21's jobs run with the mail worker (tests that flush mail themselves call them directly).
  if (opts.mailAutoDeliver ?? true) {
    const stops: Array<() => Promise<void>> = []
    app.addHook(
      'onReady',
      async () =>
        void stops.push(
          scheduleReminders(app, app.config.BOOKING_REMINDERS_EVERY_MS),
          scheduleListingSweep(app),
          schedulePrivacyPurge(app),
          scheduleDataExports(app),
          schedulePayoutLinkRefresh(app),
          scheduleWeeklyDigests(app),
          scheduleTaxStartReminders(app),
          scheduleRenewalNotices(app),
          scheduleStatementReadyMails(app),
          scheduleCardRenewals(app),
        ),
    )
    app.addHook('onClose', async () => void (await Promise.all(stops.map((stop) => stop()))))
  }
  await providerPages(app)
  if (config.NODE_ENV !== 'production') await app.register(mailboxRoutes)
  // The E2E's clock for the 90-day purge (loopback only, never in production).
  if (config.NODE_ENV !== 'production') await app.register(privacyDevRoutes)
  // The E2E's clock for the withdrawal right (decision 224).
  if (config.NODE_ENV !== 'production') await app.register(withdrawalDevRoutes)
  // The E2E's clock for card renewals (decision 249).
  if (config.NODE_ENV !== 'production') await app.register(cardDevRoutes)
  if (opts.serveWeb ?? true) {
    await app.register(webPlugin, { root: opts.webRoot })
    await app.register(trainerPages)
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api') && !path.startsWith('/dev/')
    // `/` gets the prerendered landing page; every other page the empty shell (plugins/web.ts).
    if (isPage && app.spaRoot)
      return reply.header('cache-control', 'no-cache').sendFile(path === '/' ? 'index.html' : (app.spaShell ?? 'index.html'))
    // The path is not repeated: an answer must never echo what the client sent.
    return reply.code(404).send({ status: 404, message: 'Not found' })
  })
  return app
}
