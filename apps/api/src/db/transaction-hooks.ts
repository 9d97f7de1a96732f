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

/** Runs `fn` outside any request's hook (background work started from inside a request). */
export const outsideRequest = <T>(fn: () => T): T => transactionHooks.exit(fn)

/** Wraps the top-level `db.transaction` so that a request's hook sees its transactions. */
export function hookTransactions(db: Db): void {
  const original = db.transaction.bind(db) as Db['transaction']
  const wrapped: Db['transaction'] = (fn, config) => {
    const hook = transactionHooks.getStore()
    if (!hook) return original(fn, config)
    let atCommit = false
    return original(async (tx) => {
      const result = await fn(tx)
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
