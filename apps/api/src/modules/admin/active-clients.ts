import type { Tx } from '../../db/client.ts'

/**
 * Active clients per trainer (user id), for the console's "clients vs plan limit" column.
 *
 * Client subscriptions (table `client_subscriptions`) are being built in parallel: until they are
 * merged there is nothing to count and every trainer has 0. The coordinator replaces the body with
 * one grouped count over the active client subscriptions of `trainerIds`; callers need no change.
 */
export async function countActiveClients(_db: Tx, trainerIds: readonly string[]): Promise<Map<string, number>> {
  return new Map(trainerIds.map((id) => [id, 0]))
}
