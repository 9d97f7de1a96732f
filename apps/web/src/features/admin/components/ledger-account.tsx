import type { AdminLedgerTransaction } from '@app/contracts'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { refPath } from './ref-link'

type Entry = AdminLedgerTransaction['entries'][number]

/**
 * A ledger entry's account in words (issue 23 point 7): a trainer's or gym's account by name,
 * linked to its console page ("Owed by …" for its receivable), the platform's own accounts by
 * their name. The account code stays in the tooltip and in the CSV.
 */
export function LedgerAccount({ entry }: { entry: Entry }) {
  const { t } = useTranslation('admin')
  const { account, ref } = entry
  const receivable = account.startsWith('receivable:')
  if (ref) {
    const name = receivable ? t('money.accounts.owedBy', { name: ref.name }) : ref.name
    return ref.page ? (
      <Link to={refPath(ref.page)} title={account} className="truncate text-primary underline-offset-4 hover:underline">
        {name}
      </Link>
    ) : (
      <span title={account} className="truncate">
        {name}
      </span>
    )
  }
  const party = /^(?:receivable:)?(trainer|gym):/.exec(account)?.[1]
  const name =
    account === 'platform_revenue'
      ? t('money.accounts.platform_revenue')
      : account === 'provider_clearing'
        ? t('money.accounts.provider_clearing')
        : party === 'trainer'
          ? t('money.accounts.trainer')
          : party === 'gym'
            ? t('money.accounts.gym')
            : account
  return (
    <span title={account} className="truncate">
      {name}
    </span>
  )
}
