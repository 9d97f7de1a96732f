import { AsyncLocalStorage } from 'node:async_hooks'
import type { Db, Tx } from './client.ts'

/**
 * A request may ask to take part in every transaction it opens (the idempotency plugin does:
 * its key is marked used in the same transaction as the write, so a write and its key commit
 * together or not at all, even when the connection is lost at COMMIT).
 */
export interface TransactionHook {
  /** Runs inside the transaction, after the caller's work, before COMMIT; may throw to roll back. */
  beforeCommit(tx: Tx): Promise<void>
  /** COMMIT answered. */
  committed(): void
  /** The transaction failed; `atCommit`: COMMIT was sent but not answered, so it may have committed. */
  failed(atCommit: boolean): void
}

export const transactionHooks = new AsyncLocalStorage<TransactionHook>()

/**
 * The transaction the current code runs inside, if any. A service called from deep inside one
 * (a provider's callback during a refund) joins it instead of opening a second: PGlite has one
 * connection, so a second transaction, or a query beside the open one, would wait forever.
 */
export const openTransaction = new AsyncLocalStorage<Tx>()

/** Runs `fn` outside any request's hook (background work started from inside a request). */
export const outsideRequest = <T>(fn: () => T): T => transactionHooks.exit(fn)

/** Wraps the top-level `db.transaction` so that a request's hook sees its transactions. */
export function hookTransactions(db: Db): void {
  const original = db.transaction.bind(db) as Db['transaction']
  const wrapped: Db['transaction'] = (fn, config) => {
    const hook = transactionHooks.getStore()
    if (!hook) return original((tx) => openTransaction.run(tx, () => fn(tx)), config)
    let atCommit = false
    return original(async (tx) => {
      const result = await openTransaction.run(tx, () => fn(tx))
      await hook.beforeCommit(tx)
      atCommit = true
      return result
    }, config).then(
      (result) => {
        hook.committed()
        return result
      },
      (err: unknown) => {
        hook.failed(atCommit)
        throw err
      },
    )
  }
  ;(db as { transaction: Db['transaction'] }).transaction = wrapped
}
