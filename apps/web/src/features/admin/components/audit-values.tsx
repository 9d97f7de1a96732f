import { useTranslation } from 'react-i18next'

const show = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value))

/** The before → after values of an audit row, as the server wrote them. */
export function AuditValues({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('admin')
  if ((before === null || before === undefined) && (after === null || after === undefined))
    return <span className="text-muted-foreground">—</span>
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
      <dt className="text-muted-foreground">{t('audit.before')}</dt>
      <dd>
        <code className="break-all">{show(before)}</code>
      </dd>
      <dt className="text-muted-foreground">{t('audit.after')}</dt>
      <dd>
        <code className="break-all">{show(after)}</code>
      </dd>
    </dl>
  )
}
