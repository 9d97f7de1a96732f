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
/**
 * Lines are handed to the writer in batches of about 64 KB (one await each instead of one per
 * line): small enough to be young garbage, where a page's 400 KB string was old garbage for the
 * full collector (decision 244).
 */
const BATCH = 65_536
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
    const { page, entries }: Awaited<ReturnType<typeof loadPage>> = await next
    const last = page.at(-1)
    next = last && page.length === pageSize ? load({ at: last.cursorAt, id: last.id }) : null
    let unknown = new Set<string>()
    for (const e of entries) if (!names.has(e.account)) unknown.add(e.account)
    // Forgetting the names also forgets this page's known ones: they are looked up again.
    if (names.size + unknown.size > namesKept) {
      names.clear()
      unknown = new Set(entries.map((e) => e.account))
    }
    if (unknown.size) {
      const accounts = [...unknown]
      const refOf = await resolveRefs(db, accounts.map(ledgerAccountKey))
      for (const account of accounts) {
        const name = refOf(ledgerAccountKey(account))?.name ?? null
        names.set(account, { cell: csvCell(accountName(account, name, language)), code: csvCell(account), trainer: csvCell(name) })
      }
    }
    let lines: string[] = []
    let length = 0
    // The entries come in the page's order (each transaction's together, by account): one walk, no grouping.
    let j = 0
    for (const t of page) {
      const first = j
      while (j < entries.length && entries[j]!.transaction_id === t.id) j++
      // The transaction's trainer: its first trainer account, by name when the console knows it.
      let trainer = ''
      for (let k = first; k < j; k++)
        if (entries[k]!.account.startsWith('trainer:')) {
          trainer = names.get(entries[k]!.account)!.trainer
          break
        }
      const head = `${csvCell(new Date(t.atMs))},${kinds[t.kind]},`
      const tail = `,${trainer}`
      const ids = `,${csvCell(t.paymentId)},${csvCell(t.id)}\n`
      for (let k = first; k < j; k++) {
        const account = names.get(entries[k]!.account)!
        const line = `${head}${account.cell},${csvCell(entries[k]!.amount_clp)}${tail},${account.code}${ids}`
        lines.push(line)
        length += line.length
      }
      if (length >= BATCH) {
        yield new CsvLines(lines.join(''))
        lines = []
        length = 0
      }
    }
    // An entry out of the walk's order (its time not its transaction's) would be dropped: fail loudly instead.
    if (j !== entries.length) throw new Error(`money export: ${entries.length - j} ledger entries out of their transactions' order`)
    if (lines.length) yield new CsvLines(lines.join(''))
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

/** One page: its transactions in the list's order, and their entries in the same order (each transaction's by account). */
async function loadPage(
  db: Db,
  query: AdminMoneyExportQuery,
  searched: string[] | undefined,
  cursor: CursorKey | undefined,
  pageSize: number,
): Promise<{ page: TransactionRow[]; entries: Entry[] }> {
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
  const entries = page.length ? ((await db.execute(pageEntriesQuery(page, query.sort))) as unknown as { rows: Entry[] }).rows : []
  return { page, entries }
}

/**
 * A page's entries in the page's order, each transaction's by account. By the ids alone (one array
 * parameter, cheaper than 2,000 bound ids), PostgreSQL read every entry of the ledger for each
 * page. The page's time range lets it read just that stretch by `ledger_entries_created_idx`. This
 * works because an entry's created_at is its transaction's (decision 242), which also puts the
 * entries in the transactions' order (created_at, then id): the export walks both lists together
 * instead of grouping entries by transaction in a map (decision 244). plan-scans.test.ts holds it
 * to the index.
 */
export function pageEntriesQuery(page: Pick<TransactionRow, 'id' | 'cursorAt'>[], sort: AdminMoneyExportQuery['sort']) {
  const ids = `{${page.map((t) => t.id).join(',')}}`
  const [from, to] = [page[0]!.cursorAt, page.at(-1)!.cursorAt].sort()
  const e = ledgerEntries
  return sql`select ${e.transactionId} as transaction_id, ${e.account} as account, ${e.amountClp} as amount_clp from ${e}
    where ${e.transactionId} = any(${ids}::uuid[]) and ${e.createdAt} between ${from}::timestamptz and ${to}::timestamptz
    order by ${sql.join(orderOf(e.createdAt, e.transactionId, sort), sql`, `)}, ${e.account}, ${e.id}`
}
