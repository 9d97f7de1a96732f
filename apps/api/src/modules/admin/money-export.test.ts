import type { AdminMoneyExportQuery } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../testing/app.ts'
import { csvChunks } from '../../lib/csv.ts'
import { accountName, LEDGER_KIND, MONEY_COLUMNS } from './csv-files.ts'
import { listTransactions } from './money.ts'
import { moneyExportRows } from './money-export.ts'
import { createOffer, gymWithTrainer, sandboxClient } from '../client-billing/test-helpers.ts'
import { accounts, postTransaction } from '../ledger/service.ts'

// Issue 30: the money export reads its own pages (two queries each, names kept across pages, the
// next page read ahead), no longer the console list's. Its lines must be the list's entries, in
// the list's order, across page ends — also where transactions share a time (one database
// transaction posting several), which only the id orders. The export renders its own lines
// (decision 242): they must be the bytes the generic writer gives for the list's rows.
const ctx = useTestApp()

async function fromList(query: AdminMoneyExportQuery, language: 'es' | 'en', limit: number) {
  const lines: Record<string, unknown>[] = []
  let cursor: string | undefined
  do {
    const page = await listTransactions(ctx.app.db, { ...query, cursor, limit })
    for (const t of page.data)
      for (const e of t.entries)
        lines.push({
          at: new Date(t.at),
          kind: LEDGER_KIND[language][t.kind],
          account: accountName(e.account, e.ref?.name ?? null, language),
          amountClp: e.amountClp,
          trainer: t.trainer?.name ?? null,
          accountCode: e.account,
          paymentId: t.paymentId,
          transactionId: t.id,
        })
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  return { count: lines.length, file: await file(lines, language) }
}

async function file(rows: Iterable<Record<string, unknown>> | AsyncIterable<unknown>, language: 'es' | 'en') {
  let text = ''
  for await (const chunk of csvChunks({ columns: MONEY_COLUMNS, language, rows: rows as Iterable<Record<string, unknown>> })) text += chunk
  return text
}

const exported = (query: AdminMoneyExportQuery, language: 'es' | 'en', pageSize: number, namesKept?: number) =>
  file(moneyExportRows(ctx.app.db, query, language, pageSize, namesKept), language)

describe('the money export', () => {
  it("gives the list's entries in the list's order over page ends, both orders, with filters and names", async () => {
    const gym = await gymWithTrainer(ctx.app)
    await sandboxClient(ctx.app, gym.trainer.token, (await createOffer(ctx.app, gym.trainer.token, { priceClp: 30_000 })).id)
    await sandboxClient(ctx.app, gym.trainer.token, (await createOffer(ctx.app, gym.trainer.token, { priceClp: 12_345 })).id)
    // Five transfers in one database transaction: one created_at, ordered by id only.
    await ctx.app.db.transaction(async (tx) => {
      for (let i = 0; i < 5; i++)
        await postTransaction(tx, {
          kind: 'transfer',
          sourceKey: `export-test:${i}`,
          entries: [
            { account: accounts.trainer(gym.trainer.trainerId), amountClp: -(100 + i) },
            { account: accounts.providerClearing, amountClp: 100 + i },
          ],
        })
      // One account twice in a transaction: listed once when read from the account's entries.
      await postTransaction(tx, {
        kind: 'transfer',
        sourceKey: 'export-test:twice',
        entries: [
          { account: accounts.trainer(gym.trainer.trainerId), amountClp: -40 },
          { account: accounts.trainer(gym.trainer.trainerId), amountClp: -60 },
          { account: accounts.providerClearing, amountClp: 100 },
        ],
      })
    })
    const queries: AdminMoneyExportQuery[] = [
      { sort: 'newest' },
      { sort: 'oldest' },
      { sort: 'newest', kind: 'transfer' },
      { sort: 'oldest', account: accounts.platformRevenue },
      { sort: 'newest', trainerSearch: 'gabriel' },
      // Read from the account's entries (decision 245): the five transfers share one time.
      { sort: 'newest', account: accounts.trainer(gym.trainer.trainerId) },
      { sort: 'oldest', account: accounts.trainer(gym.trainer.trainerId), kind: 'transfer' },
      { sort: 'oldest', trainer: gym.trainer.userId },
    ]
    for (const query of queries)
      for (const language of ['es', 'en'] as const) {
        const expected = await fromList(query, language, 100)
        expect(expected.count, JSON.stringify(query)).toBeGreaterThan(3)
        // The list's own pages, one or two transactions each, give the same lines.
        for (const limit of [1, 2])
          expect((await fromList(query, language, limit)).file, `${JSON.stringify(query)} by ${limit}`).toBe(expected.file)
        for (const pageSize of [1, 2, 3, 5000]) expect(await exported(query, language, pageSize), JSON.stringify(query)).toBe(expected.file)
        // More accounts than the names kept (L has 50,000 trainers): forgotten and looked up again, page after page.
        if (!query.kind && !query.trainerSearch) expect(await exported(query, language, 3, 2), JSON.stringify(query)).toBe(expected.file)
      }
    // The gym trainer's account is named, and the transaction's trainer column says who.
    const lines = (await exported({ sort: 'newest', kind: 'transfer' }, 'en', 2)).split('\n')
    expect(lines[1]).toContain(',"Transfer","Payment provider (clearing)",')
    expect(lines[1]).toContain(',"Gabriel Gym","provider_clearing",')
    expect(lines[2]).toContain(',"Transfer","Trainer: Gabriel Gym",')
  })
})
