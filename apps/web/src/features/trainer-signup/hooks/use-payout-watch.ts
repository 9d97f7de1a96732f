import type { PayoutAccountStatus } from '@app/contracts'
import { useEffect, useRef } from 'react'
import { getPayoutAccount, PAYOUT_POLL_MS } from '@/lib/account-api'

/**
 * The first tab notices by itself that payout onboarding was completed in the provider's tab
 * (issue 23, point 9): it asks once when shown, every PAYOUT_POLL_MS while `polling`, and whenever
 * the tab is looked at again. `onComplete` runs once, the first time the account is complete;
 * `onStatus` gets every answer (the page learns from it how payouts are set up, decision 213).
 */
export function usePayoutWatch(
  userId: string | null,
  polling: boolean,
  onComplete: () => void,
  onStatus?: (status: PayoutAccountStatus) => void,
) {
  const done = useRef(false)
  const latest = useRef(onComplete)
  const latestStatus = useRef(onStatus)
  useEffect(() => {
    latest.current = onComplete
    latestStatus.current = onStatus
  })

  useEffect(() => {
    if (!userId) return
    let stopped = false
    let asking = false
    const check = async () => {
      if (stopped || done.current || asking) return
      asking = true
      try {
        const account = await getPayoutAccount(userId)
        if (!stopped) latestStatus.current?.(account)
        if (account.complete && !stopped && !done.current) {
          done.current = true
          latest.current()
        }
      } catch {
        // The next check asks again; "Verificar estado" shows errors.
      } finally {
        asking = false
      }
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check()
    }
    void check()
    const timer = polling ? setInterval(() => void check(), PAYOUT_POLL_MS) : undefined
    window.addEventListener('focus', onVisible)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      stopped = true
      clearInterval(timer)
      window.removeEventListener('focus', onVisible)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [userId, polling])
}
