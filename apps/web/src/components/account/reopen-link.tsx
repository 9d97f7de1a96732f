import { Link } from 'react-router'
import { ApiError } from '@/lib/api-client'
import { spanish, type TextSource } from '@/lib/error-text'

/** Whether a sign-in was refused because the person closed the account (issue 20). */
export const isAccountClosed = (error: unknown) => error instanceof ApiError && Object.values(error.errors ?? {}).includes('accountClosed')

/** Under a refused sign-in of a closed account: the way to reopen it, with the address filled in. */
export function ReopenLink({ email, source }: { email: string; source: TextSource }) {
  const t = source === 'es' ? spanish : source
  return (
    <Link
      to={`/cuenta/reabrir?email=${encodeURIComponent(email)}`}
      className="text-sm font-medium text-primary underline underline-offset-4"
    >
      {t('reopenAccount')}
    </Link>
  )
}
