import type { AdminSystemStatus } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useFormat } from '@/lib/i18n'
import { getSystemStatus } from '../api/admin-api'

const MB = 1024 * 1024

/** Issue 34: a line above every console page while the disk is under its reserve or a dependency is down. */
export function SystemAlert() {
  const { t } = useTranslation('admin', { keyPrefix: 'system' })
  const format = useFormat()
  const { data } = useQuery({ queryKey: ['admin', 'system'], queryFn: getSystemStatus, refetchInterval: 30_000 })
  const problems = data ? problemsOf(data) : []
  if (!problems.length || !data) return null
  return (
    <div role="status" className="flex gap-3 rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-950">
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <ul className="grid gap-1">
        {problems.includes('database') ? <li>{t('databaseDown')}</li> : null}
        {problems.includes('storage') && data.storage ? (
          <li>
            {t('storageLow', {
              free: format.number(Math.floor((data.storage.freeBytes ?? 0) / MB)),
              reserve: format.number(Math.floor(data.storage.reserveBytes / MB)),
            })}
          </li>
        ) : null}
        {problems.includes('redis') ? <li>{t('redisDown')}</li> : null}
      </ul>
    </div>
  )
}

function problemsOf(status: AdminSystemStatus): Array<'database' | 'storage' | 'redis'> {
  const problems: Array<'database' | 'storage' | 'redis'> = []
  if (status.database.state === 'down') problems.push('database')
  if (status.storage?.state === 'low') problems.push('storage')
  if (status.redis === 'down') problems.push('redis')
  return problems
}
