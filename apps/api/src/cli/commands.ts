import { z } from 'zod'
import { EmailSchema } from '@app/contracts'
import { DateTime } from 'luxon'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { ADMIN_SETUP_LINK_TTL_HOURS, createPlatformAdmin, UnverifiedEmailError } from '../modules/admin/service.ts'
import { checkLedger } from '../modules/ledger/check.ts'
import { movementSourceFor, type MovementSource } from '../providers/payments/movements.ts'
import { reconcile } from '../modules/reconcile/service.ts'
import { purgeClosedAccounts } from '../modules/privacy/purge.ts'
import { exercisesImport } from '../modules/exercises/import/command.ts'

/** What a command printed and its exit status: the same whether it ran here or in the server. */
export interface CommandResult {
  exitCode: number
  stdout: string[]
  stderr: string[]
}

export interface CommandContext {
  db: Db
  kind: 'pglite' | 'postgres'
  appUrl: string
  /** The configuration of the process running the command (the provider's keys for ledger:reconcile). */
  config: Config
  /** A server's own reach of the provider's records (its local test-mode provider); else built from `config`. */
  movementSource?: () => MovementSource
}

/**
 * An operator command on the database (issue 23: one process owns the embedded database).
 * `whileServerRuns` decides what happens when a server holds the embedded database:
 * 'in-server' sends the command to that server over its loopback ops channel (plugins/ops.ts),
 * 'refuse' stops with a message. With DATABASE_URL the command always opens the database itself.
 * A new command (privacy:purge, …) is one more entry in `commands` and a
 * three-line file calling `runCli` (cli/run.ts).
 */
export interface OpsCommand<Args> {
  name: string
  whileServerRuns: 'in-server' | 'refuse'
  args: z.ZodType<Args>
  run(ctx: CommandContext, args: Args): Promise<CommandResult>
}

const name = z.string().trim().min(1).max(100).optional()

export const AdminCreateArgsSchema = z.object({ email: EmailSchema, firstName: name, lastName: name, force: z.boolean().default(false) })

const adminCreate: OpsCommand<z.infer<typeof AdminCreateArgsSchema>> = {
  name: 'admin:create',
  whileServerRuns: 'in-server',
  args: AdminCreateArgsSchema,
  async run(ctx, args) {
    let result
    try {
      result = await createPlatformAdmin(ctx.db, ctx.appUrl, args)
    } catch (err) {
      if (err instanceof UnverifiedEmailError) return { exitCode: 1, stdout: [], stderr: [err.message] }
      throw err
    }
    const stdout = [
      result.created
        ? `Created platform admin ${result.email}.`
        : `Promoted ${result.email} (was ${result.previousRole}) to platform admin.`,
    ]
    if (result.passwordReset) stdout.push('Its address was not verified (--force): its password was reset.')
    if (result.sessionsEnded) stdout.push('Every session of this account was ended: it signs in again with the new role.')
    stdout.push(
      `Set the password within ${ADMIN_SETUP_LINK_TTL_HOURS} hours with this one-time link (shown only now):`,
      result.link,
      `Then sign in to the operator console at ${new URL('/admin', ctx.appUrl)} (the admin API is under /api/v1/admin).`,
    )
    return { exitCode: 0, stdout, stderr: [] }
  },
}

/** A day of Chile (YYYY-MM-DD, its midnight in America/Santiago) or an ISO instant. */
const instant = z
  .string()
  .trim()
  .refine((v) => DateTime.fromISO(v, { zone: 'America/Santiago' }).isValid, 'a date (YYYY-MM-DD) or an ISO time')
  .optional()
const toDate = (v: string) => DateTime.fromISO(v, { zone: 'America/Santiago' }).toJSDate()

/** `--since`: the nightly, incremental check of what changed from then on (issue 30, decision 217). */
export const LedgerCheckArgsSchema = z.object({ since: instant }).strict()

const ledgerCheck: OpsCommand<z.infer<typeof LedgerCheckArgsSchema>> = {
  name: 'ledger:check',
  whileServerRuns: 'in-server',
  args: LedgerCheckArgsSchema,
  async run(ctx, args) {
    const since = args.since ? toDate(args.since) : undefined
    const { problems, counts, stats } = await checkLedger(ctx.db, { since })
    const stdout = [
      since
        ? `ledger:check on ${ctx.kind} since ${since.toISOString()}: ${stats.transactions} transactions posted since, of ${stats.entries} entries, ${stats.accounts} accounts, ${stats.payments} payments`
        : `ledger:check on ${ctx.kind}: ${stats.transactions} transactions, ${stats.entries} entries, ${stats.accounts} accounts, ${stats.payments} payments`,
    ]
    const stderr = problems.map((p) => `BREAK ${p.rule}: ${p.subject}: ${p.detail}`)
    for (const [rule, n] of Object.entries(counts)) {
      const listed = problems.filter((p) => p.rule === rule).length
      if (n > listed) stderr.push(`BREAK ${rule}: ${n - listed} more not listed`)
    }
    const total = Object.values(counts).reduce((a, b) => a + b, 0)
    if (problems.length) return { exitCode: 1, stdout, stderr: [...stderr, `ledger:check found ${total} break(s)`] }
    return { exitCode: 0, stdout: [...stdout, 'ledger:check: every invariant holds'], stderr }
  },
}

export const LedgerReconcileArgsSchema = z.object({ from: instant, to: instant }).strict()
const clp = (n: number | null) => (n === null ? '–' : `${n} CLP`)

const ledgerReconcile: OpsCommand<z.infer<typeof LedgerReconcileArgsSchema>> = {
  name: 'ledger:reconcile',
  whileServerRuns: 'in-server',
  args: LedgerReconcileArgsSchema,
  async run(ctx, args) {
    // Default: the last 30 days up to now.
    const to = args.to ? toDate(args.to) : new Date()
    const from = args.from ? toDate(args.from) : new Date(to.getTime() - 30 * 86400_000)
    if (!(from < to)) return { exitCode: 2, stdout: [], stderr: ['--from must be before --to'] }
    const source = ctx.movementSource ? ctx.movementSource() : movementSourceFor(ctx.config, ctx.db)
    const result = await reconcile(ctx.db, source, { from, to }, 'cli')
    const stdout = [
      `ledger:reconcile on ${result.provider}, ${from.toISOString()} to ${to.toISOString()}: ${result.ledgerMovements} movements in the ledger, ${result.providerMovements} at the provider`,
    ]
    if (result.payouts)
      stdout.push(`payouts to the platform's bank: ${result.payouts.count}, ${result.payouts.totalClp} CLP (not in the ledger)`)
    const stderr = result.differences.map(
      (d) => `DIFFERENCE ${d.kind}: ${d.movement} ${d.providerId}: ledger ${clp(d.ledgerClp)}, provider ${clp(d.providerClp)}`,
    )
    if (stderr.length) return { exitCode: 1, stdout, stderr: [...stderr, `ledger:reconcile found ${stderr.length} difference(s)`] }
    return { exitCode: 0, stdout: [...stdout, 'ledger:reconcile: the ledger and the provider agree'], stderr }
  },
}

/** The 90-day purge of closed accounts (issue 20), as the server's hourly job runs it, until none is due. */
const privacyPurge: OpsCommand<Record<string, never>> = {
  name: 'privacy:purge',
  whileServerRuns: 'in-server',
  args: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
  async run(ctx) {
    let accounts = 0
    let leads = 0
    for (;;) {
      const done = await purgeClosedAccounts(ctx.db)
      accounts += done.accounts
      leads += done.leads
      if (done.accounts === 0) break
    }
    return {
      exitCode: 0,
      stdout: [`privacy:purge on ${ctx.kind}: ${accounts} closed account(s) purged, ${leads} old lead(s) deleted`],
      stderr: [],
    }
  },
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const commands: Record<string, OpsCommand<any>> = {
  [adminCreate.name]: adminCreate,
  [ledgerCheck.name]: ledgerCheck,
  [ledgerReconcile.name]: ledgerReconcile,
  [privacyPurge.name]: privacyPurge,
  [exercisesImport.name]: exercisesImport,
}
