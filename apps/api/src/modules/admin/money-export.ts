import type { AccountLanguage, AdminMoneyExportQuery } from '@app/contracts'
import { and, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { ledgerEntries, ledgerTransactions } from '../../db/schema.ts'
import { accountName, LEDGER_KIND } from './csv-files.ts'
import { csvCell, CsvLines } from '../../lib/csv.ts'
import { afterCursor, cursorTime, orderOf, type CursorKey } from './cursor.ts'
import { filterOf, searchedTrainerAccounts } from './money.ts'
import { ledgerAccountKey, resolveRefs } from './refs.ts'
import type { LedgerKind } from '../ledger/service.ts'

/**
 * Transactions per page of the money export: two queries (the transactions, then their entries by
 * the page's time range) and a name lookup only for accounts not seen on an earlier page. The
 * console's list pages (1,000, names looked up every page, entries matched to rows by a scan per
 * row) held the export to about 33,000 rows/s (issue 30, decision 216). 2,000 rather than 5,000:
 * a smaller page's rows die young, and the garbage collector cost less (decision 242).
 */
export const EXPORT_PAGE = 2000
/** Names of accounts kept across pages; forgotten beyond this many (memory stays flat). */
const NAMES_KEPT = 50_000

/**
 * The ledger entries matching the console's filters as the money CSV's lines, one per entry, in
 * the list's order (newest or oldest first, entries of a transaction by account): the same lines
 * the list's pages gave, page after page with a keyset cursor, memory at one page. Each page is
 * rendered here in MONEY_COLUMNS' order with csvCell (money-export.test.ts compares the bytes with
 * the list's rows written by the generic path); a cell that repeats (an account, a kind, a
 * transaction's time) is rendered once.
 */
export async function* moneyExportRows(
  db: Db,
  query: AdminMoneyExportQuery,
  language: AccountLanguage,
  pageSize = EXPORT_PAGE,
  namesKept = NAMES_KEPT,
) {
  const searched = query.trainerSearch ? await searchedTrainerAccounts(db, query.trainerSearch) : undefined
  if (searched && !searched.length) return
  /** Per account: its name cell, its code cell, and (trainer accounts) the name for the trainer column. */
  const names = new Map<string, { cell: string; code: string; trainer: string }>()
  const kinds = Object.fromEntries(Object.entries(LEDGER_KIND[language]).map(([k, words]) => [k, csvCell(words)])) as Record<
    LedgerKind,
    string
  >
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
    const onPage = new Set<string>()
    for (const own of byTransaction.values()) for (const e of own) onPage.add(e.account)
    let accounts = [...onPage].filter((a) => !names.has(a))
    // Forgetting the names also forgets this page's known ones: they are looked up again.
    if (names.size + accounts.length > namesKept) {
      names.clear()
      accounts = [...onPage]
    }
    if (accounts.length) {
      const refOf = await resolveRefs(db, accounts.map(ledgerAccountKey))
      for (const account of accounts) {
        const name = refOf(ledgerAccountKey(account))?.name ?? null
        names.set(account, { cell: csvCell(accountName(account, name, language)), code: csvCell(account), trainer: csvCell(name) })
      }
    }
    const lines: string[] = []
    for (const t of page) {
      const own = byTransaction.get(t.id)
      if (!own) continue
      // The transaction's trainer: its first trainer account, by name when the console knows it.
      const trainer = own.find((e) => e.account.startsWith('trainer:'))
      const tail = `,${trainer ? names.get(trainer.account)!.trainer : ''}`
      const head = `${csvCell(new Date(t.atMs))},${kinds[t.kind]},`
      const ids = `,${csvCell(t.paymentId)},${csvCell(t.id)}\n`
      for (const e of own) {
        const account = names.get(e.account)!
        lines.push(`${head}${account.cell},${csvCell(e.amount_clp)}${tail},${account.code}${ids}`)
      }
    }
    // A page at a time: the writer takes it with one await instead of one per line.
    yield new CsvLines(lines.join(''))
  }
}

interface TransactionRow {
  id: string
  kind: LedgerKind
  paymentId: string | null
  atMs: number
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
  const t = ledgerTransactions
  const where = and(...filterOf(db, query, searched), afterCursor(t.createdAt, t.id, cursor, query.sort))
  // Raw rows (drizzle's per-field mapping cost more than the query); the time as epoch
  // milliseconds, which parses faster than a timestamp (the file shows seconds).
  const page = (
    (await db.execute(
      sql`select ${t.id} as id, ${t.kind} as kind, ${t.paymentId} as "paymentId",
            (extract(epoch from ${t.createdAt}) * 1000)::float8 as "atMs", ${cursorTime(t.createdAt)} as "cursorAt"
          from ${t} ${where ? sql`where ${where}` : sql``}
          order by ${sql.join(orderOf(t.createdAt, t.id, query.sort), sql`, `)} limit ${pageSize}`,
    )) as unknown as { rows: TransactionRow[] }
  ).rows
  const entries = page.length ? ((await db.execute(pageEntriesQuery(page))) as unknown as { rows: Entry[] }).rows : []
  const byTransaction = new Map<string, Entry[]>()
  for (const e of entries) {
    const own = byTransaction.get(e.transaction_id)
    if (own) own.push(e)
    else byTransaction.set(e.transaction_id, [e])
  }
  return { page, byTransaction }
}

/**
 * A page's entries, each transaction's by account. By the ids alone (one array parameter, cheaper
 * than 2,000 bound ids), PostgreSQL read every entry of the ledger for each page. The page's time
 * range lets it read just that stretch by `ledger_entries_created_idx`. This works because an
 * entry's created_at is its transaction's (decision 242). plan-scans.test.ts holds it to that.
 */
export function pageEntriesQuery(page: Pick<TransactionRow, 'id' | 'cursorAt'>[]) {
  const ids = `{${page.map((t) => t.id).join(',')}}`
  const [from, to] = [page[0]!.cursorAt, page.at(-1)!.cursorAt].sort()
  return sql`select transaction_id, account, amount_clp from ${ledgerEntries}
    where transaction_id = any(${ids}::uuid[]) and created_at between ${from}::timestamptz and ${to}::timestamptz order by account`
}
