import type { PayoutLink, PayoutLinkOwner } from '@app/contracts'
import { api } from '@/lib/api-client'
import { flowAuth, startPayoutLink } from '@/lib/account-api'

/**
 * Payout accounts linked at the payment provider (decisions 207, 213). A trainer still in the
 * sign-up flow calls with the signup token (flowAuth); everyone else with the session.
 */
export { startPayoutLink }
export const completePayoutLink = (code: string, state: string) =>
  api.post<PayoutLink>('/payout-links/complete', { code, state }, flowAuth())
export const getPayoutLink = (owner: PayoutLinkOwner) => api.get<PayoutLink>(`/payout-links/${owner}`, flowAuth())
export const deletePayoutLink = (owner: PayoutLinkOwner) => api.delete<PayoutLink>(`/payout-links/${owner}`)

/** Leaves for the provider's consent page; it sends the person back to the return page. */
export async function goLink(owner: PayoutLinkOwner) {
  const { authorizationUrl } = await startPayoutLink(owner)
  window.location.assign(authorizationUrl)
}
