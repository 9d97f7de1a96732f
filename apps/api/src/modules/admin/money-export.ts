import type { AccountLanguage, AdminMoneyExportQuery, AdminRef } from '@app/contracts'
import { and, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { ledgerEntries, ledgerTransactions } from '../../db/schema.ts'
import { accountName, LEDGER_KIND, MONEY_COLUMNS } from './csv-files.ts'
import { afterCursor, cursorTime, orderOf, type CursorKey } from './cursor.ts'
import { filterOf, searchedTrainerAccounts } from './money.ts'
import { ledgerAccountKey, resolveRefs } from './refs.ts'
import type { LedgerKind } from '../ledger/service.ts'

/**
 * Transactions per page of the money export: two queries (the transactions, then their entries by
 * the transaction index) and a name lookup only for accounts not seen on an earlier page. The
 * console's list pages (1,000, names looked up every page, entries matched to rows by a scan per
 * row) held the export to about 33,000 rows/s (issue 30, decision 216).
 */
export const EXPORT_PAGE = 5000
/** Names of accounts kept across pages; forgotten beyond this many (memory stays flat). */
const NAMES_KEPT = 50_000

/**
 * The ledger entries matching the console's filters as the money CSV's rows, one per entry, in
 * the list's order (newest or oldest first, entries of a transaction by account): the same lines
 * the list's pages gave, page after page with a keyset cursor, memory at one page.
 */
export async function* moneyExportRows(db: Db, query: AdminMoneyExportQuery, language: AccountLanguage, pageSize = EXPORT_PAGE) {
  const searched = query.trainerSearch ? await searchedTrainerAccounts(db, query.trainerSearch) : undefined
  if (searched && !searched.length) return
  const names = new Map<string, { ref: AdminRef | null; words: string }>()
  const kinds = LEDGER_KIND[language]
  const load = (cursor: CursorKey | undefined) => {
    const loading = loadPage(db, query, searched, cursor, pageSize)
    // Read ahead: the next page loads while this one is written (a file abandoned half-way leaves it unread).
    loading.catch(() => {})
    return loading
  }
  let next: ReturnType<typeof loadPage> | null = load(undefined)
  while (next) {
    const { page, byTransaction }: Awaited<ReturnType<typeof loadPage>> = await next
    const last = page.at(-1)
    next = last && page.length === pageSize ? load({ at: last.cursorAt, id: last.id }) : null
    const unseen = [...new Set([...byTransaction.values()].flat().map((e) => e.account))].filter((a) => !names.has(a))
    if (unseen.length) {
      if (names.size + unseen.length > NAMES_KEPT) names.clear()
      const refOf = await resolveRefs(db, unseen.map(ledgerAccountKey))
      for (const account of unseen) {
        const ref = refOf(ledgerAccountKey(account))
        names.set(account, { ref, words: accountName(account, ref?.name ?? null, language) })
      }
    }
    const lines: Record<(typeof MONEY_COLUMNS)[number]['key'], unknown>[] = []
    for (const t of page) {
      const own = byTransaction.get(t.id) ?? []
      // The transaction's trainer: its first trainer account, by name when the console knows it.
      const trainer = own.find((e) => e.account.startsWith('trainer:'))
      const trainerName = trainer ? (names.get(trainer.account)?.ref?.name ?? null) : null
      const kind = kinds[t.kind]
      for (const e of own)
        lines.push({
          at: t.createdAt,
          kind,
          account: names.get(e.account)!.words,
          amountClp: e.amount_clp,
          trainer: trainerName,
          accountCode: e.account,
          paymentId: t.paymentId,
          transactionId: t.id,
        })
    }
    // A page at a time: the writer takes a batch with one await instead of one per line.
    yield lines
  }
}

interface TransactionRow {
  id: string
  kind: LedgerKind
  paymentId: string | null
  createdAt: Date
  cursorAt: string
}
interface Entry {
  transaction_id: string
  account: string
  amount_clp: number
}

/** One page: its transactions in the list's order, and their entries by the transaction index, each transaction's by account. */
async function loadPage(
  db: Db,
  query: AdminMoneyExportQuery,
  searched: string[] | undefined,
  cursor: CursorKey | undefined,
  pageSize: number,
): Promise<{ page: TransactionRow[]; byTransaction: Map<string, Entry[]> }> {
  const page: TransactionRow[] = await db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      paymentId: ledgerTransactions.paymentId,
      createdAt: ledgerTransactions.createdAt,
      cursorAt: cursorTime(ledgerTransactions.createdAt),
    })
    .from(ledgerTransactions)
    .where(and(...filterOf(db, query, searched), afterCursor(ledgerTransactions.createdAt, ledgerTransactions.id, cursor, query.sort)))
    .orderBy(...orderOf(ledgerTransactions.createdAt, ledgerTransactions.id, query.sort))
    .limit(pageSize)
  // Raw rows and one array parameter: drizzle's mapping and 5,000 bound ids cost more than the query.
  const ids = `{${page.map((t) => t.id).join(',')}}`
  const entries = page.length
    ? (
        (await db.execute(
          sql`select transaction_id, account, amount_clp from ${ledgerEntries} where transaction_id = any(${ids}::uuid[]) order by account`,
        )) as unknown as { rows: Entry[] }
      ).rows
    : []
  const byTransaction = new Map<string, Entry[]>()
  for (const e of entries) {
    const own = byTransaction.get(e.transaction_id)
    if (own) own.push(e)
    else byTransaction.set(e.transaction_id, [e])
  }
  return { page, byTransaction }
}
