import { MEASUREMENT_FIELDS, type Measurement } from '@app/contracts'
import { Trash2 } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { requestToaster } from '@/components/layout/deferred-toaster'
import { EmptyState } from '@/components/states'
import { Button } from '@/components/ui/button'
import { serverErrorText } from '@/lib/error-text'
import { useMeasurementActions } from '../api/progress-api'
import { useErrorWords } from '../lib/error-words'
import { dayText, measureText } from '../lib/format'
import { ConfirmDialog } from './confirm-dialog'

const PAGE = 20

/** Every entry, newest first, each deletable (also after consent was withdrawn). */
export function HistoryList({ entries }: { entries: readonly Measurement[] }) {
  const { t, i18n } = useTranslation('progress')
  const words = useErrorWords()
  const { remove } = useMeasurementActions()
  const [shown, setShown] = useState(PAGE)
  const [deleting, setDeleting] = useState<string | null>(null)
  const newestFirst = useMemo(() => entries.toReversed(), [entries])
  const language = i18n.language
  return (
    <section aria-labelledby="history-title" className="grid gap-3 rounded-xl border bg-card p-4">
      <h2 id="history-title" className="font-medium">
        {t('history.title')}
      </h2>
      {newestFirst.length ? (
        <ul className="divide-y">
          {newestFirst.slice(0, shown).map((entry) => (
            <li key={entry.date} className="flex items-start justify-between gap-2 py-2">
              <div className="grid gap-0.5">
                <h3 className="text-sm font-semibold first-letter:uppercase">{dayText(entry.date, language)}</h3>
                <p className="text-sm text-muted-foreground">
                  {MEASUREMENT_FIELDS.filter((f) => entry[f] !== null)
                    .map((f) => `${t(`fields.${f}`)} ${measureText(entry[f]!, f, language)}`)
                    .join(' · ')}
                </p>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-11 shrink-0"
                aria-label={t('history.delete', { date: dayText(entry.date, language) })}
                onClick={() => {
                  remove.reset()
                  setDeleting(entry.date)
                }}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t('history.empty')} />
      )}
      {newestFirst.length > shown ? (
        <Button type="button" variant="outline" className="min-h-11" onClick={() => setShown((n) => n + PAGE * 3)}>
          {t('history.more')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('history.deleteTitle')}
        question={deleting ? t('history.deleteQuestion', { date: dayText(deleting, language) }) : ''}
        pending={remove.isPending}
        error={remove.isError ? serverErrorText(remove.error, words, t('dialog.failed')).message : null}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              setDeleting(null)
              requestToaster()
              toast.success(t('history.deleted'))
            },
          })
        }
      />
    </section>
  )
}
