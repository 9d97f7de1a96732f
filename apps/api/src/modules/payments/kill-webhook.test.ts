import { PGlite } from '@electric-sql/pglite'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { pgliteExtensions } from '../../db/client.ts'
import { runCli } from '../../testing/backup-kit.ts'
import { createTestDatabase, seedDataDir, type TestDatabase } from '../../testing/db-template.ts'
import { signedEvent, startFakeStripe } from '../../testing/fake-stripe.ts'
import { httpRequest, startServer, type ServerProcess } from '../../testing/server-process.ts'

// Issue 19: the server killed with SIGKILL in the middle of webhook processing. After a restart
// and the provider's redelivery of every event, each payment is booked exactly once with its
// ledger entries, and `ledger:check` holds. On the embedded database and on PostgreSQL.
const SECRET = 'whsec_kill'
const EVENTS = 60
const IN_FLIGHT = 6

const stripe = await startFakeStripe(() => ({}))
const dataDir = mkdtempSync(join(tmpdir(), 'kill-webhook-'))
let database: TestDatabase | undefined
afterAll(async () => {
  await stripe.close()
  await database?.drop().catch(() => {})
  rmSync(dataDir, { recursive: true, force: true })
})

/** A trainer with an active Stripe client subscription on their connected account (a direct charge). */
async function seed(query: (sql: string, params: unknown[]) => Promise<unknown>) {
  const [trainerUser, clientUser, trainer, offer] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()]
  await query(
    `insert into users (id, email, password_hash, first_name, last_name, role)
     values ($1, 'kill-trainer@example.com', 'x', 'Tomás', 'Kill', 'trainer'), ($2, 'kill-client@example.com', 'x', 'Carla', 'Kill', 'member')`,
    [trainerUser, clientUser],
  )
  await query(
    `insert into trainers (id, user_id, first_name, last_name, email) values ($1, $2, 'Tomás', 'Kill', 'kill-trainer@example.com')`,
    [trainer, trainerUser],
  )
  await query(`insert into offers (id, trainer_id, title, price_clp) values ($1, $2, 'Plan mensual', 20000)`, [offer, trainer])
  await query(
    `insert into client_subscriptions (client_user_id, trainer_id, offer_id, price_clp, trainer_bps, gym_bps, platform_bps, state,
       provider, provider_subscription_id, provider_account_id, current_period_end)
     values ($1, $2, $3, 20000, 9500, 0, 500, 'active', 'stripe', 'sub_kill', 'acct_kill', now() + interval '30 days')`,
    [clientUser, trainer, offer],
  )
}

/** One number from the database, opened when no server holds it. */
async function rows(sql: string) {
  if (database) {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    const { rows } = await client.query<{ n: number }>(sql)
    await client.end()
    return rows[0].n
  }
  const db = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: pgliteExtensions })
  const { rows } = await db.query<{ n: number }>(sql)
  await db.close()
  return rows[0].n
}

const invoicePaid = (i: number) => ({
  id: `in_kill_${i}`,
  object: 'invoice',
  subscription: 'sub_kill',
  charge: `ch_kill_${i}`,
  amount_paid: 20_000,
  parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_kill', metadata: {} } },
  lines: { object: 'list', data: [{ period: { end: Math.floor(Date.now() / 1000) + 30 * 86400 } }] },
})

/** One delivery, signed now as the provider signs each attempt; the status, or 0 when the connection died. */
async function deliver(server: ServerProcess, i: number) {
  const { payload, headers } = signedEvent(SECRET, 'invoice.paid', invoicePaid(i), { id: `evt_kill_${i}`, account: 'acct_kill' })
  return httpRequest(`${server.url}/api/v1/payments/stripe/webhook`, { method: 'POST', headers, body: payload }).then(
    (r) => r.status,
    () => 0,
  )
}

/** Delivers events 0..EVENTS-1, IN_FLIGHT at a time; `onAnswer` sees each status. */
async function deliverAll(server: ServerProcess, onAnswer: (status: number, event: number) => void = () => {}) {
  let next = 0
  const statuses: number[] = []
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < EVENTS) {
        const event = next++
        const status = await deliver(server, event)
        statuses.push(status)
        onAnswer(status, event)
      }
    }),
  )
  return statuses
}

describe('kill -9 in the middle of webhook processing', () => {
  it('after restart and redelivery, every payment is booked once and the ledger holds', async () => {
    const env: Record<string, string> = {
      ...Object.fromEntries(Object.entries(stripe.config(SECRET)).map(([k, v]) => [k, String(v)])),
      DATA_DIR: dataDir,
    }
    if (process.env.TEST_DATABASE_URL) {
      database = await createTestDatabase(process.env.TEST_DATABASE_URL)
      env.DATABASE_URL = database.url
      const client = new pg.Client({ connectionString: database.url })
      await client.connect()
      await seed((sql, params) => client.query(sql, params))
      await client.end()
    } else {
      await seedDataDir(dataDir)
      const db = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: pgliteExtensions })
      await seed((sql, params) => db.query(sql, params))
      await db.close()
    }

    const first = await startServer({ env })
    let acknowledged = 0
    const acked: number[] = []
    const killed = new Promise<void>((resolve) => {
      const firstRound = deliverAll(first, (status, event) => {
        if (status === 200) acked.push(event)
        if (status === 200 && ++acknowledged === 15) {
          first.child.kill('SIGKILL')
          resolve()
        }
      })
      void firstRound.then(() => resolve())
    })
    await killed
    await new Promise<void>((resolve) =>
      first.child.exitCode !== null || first.child.signalCode !== null ? resolve() : first.child.once('exit', () => resolve()),
    )
    expect(first.child.signalCode).toBe('SIGKILL')
    expect(acknowledged).toBeGreaterThanOrEqual(15)
    expect(acknowledged).toBeLessThan(EVENTS)

    // No acknowledged event was lost: its payment is there before any redelivery.
    const list = acked.map((i) => `'ch_kill_${i}'`).join(',')
    expect(await rows(`select count(*)::int as n from client_payments where provider_payment_id in (${list})`)).toBe(acked.length)

    // The provider redelivers every event (the acknowledged ones too: at least once).
    const second = await startServer({ env })
    try {
      const statuses = await deliverAll(second)
      expect(statuses.filter((s) => s !== 200)).toEqual([])
      const check = await runCli('ledger-check.ts', [], env)
      expect(check.code, check.output).toBe(0)
    } finally {
      await second.stop()
      await first.stop()
    }

    expect(await rows(`select count(*)::int as n from client_payments where provider_payment_id like 'ch_kill_%'`)).toBe(EVENTS)
    expect(
      await rows(`select count(distinct provider_payment_id)::int as n from client_payments where provider_payment_id like 'ch_kill_%'`),
    ).toBe(EVENTS)
    expect(await rows(`select count(*)::int as n from ledger_transactions where source_key like 'payment:ch_kill_%'`)).toBe(EVENTS)
    expect(await rows(`select count(*)::int as n from webhook_events where id like 'evt_kill_%'`)).toBe(EVENTS)
    // The trainer's share of every payment, once: 95 % of 20.000 per payment, settled on their account (direct charge).
    expect(await rows(`select coalesce(sum(amount_clp), 0)::int as n from ledger_entries where account = 'platform_revenue'`)).toBe(
      EVENTS * 1_000,
    )
  }, 400_000)
})
