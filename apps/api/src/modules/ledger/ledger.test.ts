import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/client.ts'
import { ledgerEntries, ledgerTransactions } from '../../db/schema.ts'
import { useTestApp } from '../../testing/app.ts'
import { createTestDatabase } from '../../testing/db-template.ts'
import { nodeArgs } from '../../testing/server-build.ts'
import { balanceOf, postTransaction, UnbalancedTransactionError } from './service.ts'

const ctx = useTestApp()
const entry = (account: string, amountClp: number) => ({ account, amountClp })

describe('postTransaction', () => {
  it('posts balanced entries once per source key, even when posted in parallel', async () => {
    const key = `test:${Date.now()}`
    const post = () =>
      ctx.app.db.transaction((tx) =>
        postTransaction(tx, { kind: 'transfer', sourceKey: key, entries: [entry('a:x', 100), entry('b:x', -100)] }),
      )
    const results = await Promise.all([post(), post(), post(), post()])
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await balanceOf(ctx.app.db, 'a:x')).toBe(100)
    expect(await ctx.app.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.sourceKey, key))).toHaveLength(1)
  })

  it('refuses entries that do not sum to zero, fractional pesos and a single entry', async () => {
    await expect(
      postTransaction(ctx.app.db, { kind: 'transfer', sourceKey: 'bad:1', entries: [entry('a', 100), entry('b', -99)] }),
    ).rejects.toThrow(UnbalancedTransactionError)
    await expect(
      postTransaction(ctx.app.db, { kind: 'transfer', sourceKey: 'bad:2', entries: [entry('a', 0.5), entry('b', -0.5)] }),
    ).rejects.toThrow(UnbalancedTransactionError)
    await expect(postTransaction(ctx.app.db, { kind: 'transfer', sourceKey: 'bad:3', entries: [entry('a', 0)] })).rejects.toThrow(
      UnbalancedTransactionError,
    )
    expect(
      await ctx.app.db
        .select()
        .from(ledgerTransactions)
        .where(sql`${ledgerTransactions.sourceKey} like 'bad:%'`),
    ).toEqual([])
  })

  it('the database itself refuses an unbalanced transaction at commit (deferred trigger)', async () => {
    await expect(
      ctx.app.db.transaction(async (tx) => {
        const [t] = await tx.insert(ledgerTransactions).values({ kind: 'transfer', sourceKey: 'raw:unbalanced' }).returning()
        await tx.insert(ledgerEntries).values([
          { transactionId: t.id, account: 'a', amountClp: 10 },
          { transactionId: t.id, account: 'b', amountClp: -9 },
        ])
      }),
    ).rejects.toThrow()
    expect(await ctx.app.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.sourceKey, 'raw:unbalanced'))).toEqual([])
  })

  it('entries and transactions are append-only: UPDATE and DELETE are refused', async () => {
    await ctx.app.db.transaction((tx) =>
      postTransaction(tx, { kind: 'transfer', sourceKey: 'append:1', entries: [entry('a:y', 5), entry('b:y', -5)] }),
    )
    await expect(ctx.app.db.update(ledgerEntries).set({ amountClp: 6 }).where(eq(ledgerEntries.account, 'a:y'))).rejects.toThrow()
    await expect(ctx.app.db.delete(ledgerEntries).where(eq(ledgerEntries.account, 'a:y'))).rejects.toThrow()
    await expect(
      ctx.app.db.update(ledgerTransactions).set({ kind: 'refund' }).where(eq(ledgerTransactions.sourceKey, 'append:1')),
    ).rejects.toThrow()
    await expect(ctx.app.db.delete(ledgerTransactions).where(eq(ledgerTransactions.sourceKey, 'append:1'))).rejects.toThrow()
    expect(await balanceOf(ctx.app.db, 'a:y')).toBe(5)
  })
})

describe('ledger check', () => {
  // The command runs on PostgreSQL here: a fresh on-disk PGlite costs close to a minute on this
  // shared machine, and the PGlite path is openDatabase's (tested by the backup CLI's tests).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'npm run ledger:check exits 0 on a sound database and 1 on a corrupted copy',
    async () => {
      const created = await createTestDatabase(process.env.TEST_DATABASE_URL!)
      const url = created.url
      try {
        // Two connections: openDatabase holds one for its migration lock while migrating on another.
        const database = await openDatabase({ url, poolMax: 2 })
        await database.db.transaction((tx) =>
          postTransaction(tx, { kind: 'refund', sourceKey: 'cli:1', entries: [entry('a', 7), entry('b', -7)] }),
        )
        const apiDir = fileURLToPath(new URL('../../..', import.meta.url))
        const run = () =>
          spawnSync(process.execPath, nodeArgs('cli/ledger-check'), {
            cwd: apiDir,
            env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'development' },
            encoding: 'utf8',
            timeout: 50_000,
          })
        let res = run()
        expect(res.status, JSON.stringify([res.stdout, res.stderr, res.error?.message])).toBe(0)
        expect(res.stdout).toMatch(/on postgres: 1 transactions, 2 entries/)

        // Corrupt the copy behind the triggers' back.
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`alter table ledger_entries disable trigger user`)
          await tx.execute(sql`update ledger_entries set amount_clp = 8 where account = 'a'`)
          await tx.execute(sql`alter table ledger_entries enable trigger user`)
        })
        await database.close()
        res = run()
        expect(res.status).toBe(1)
        expect(res.stderr).toMatch(/BREAK transaction-balances/)
      } finally {
        await created.drop()
      }
    },
    120_000,
  )
})
