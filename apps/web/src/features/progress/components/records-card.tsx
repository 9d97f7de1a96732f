import type { RecordList } from '@app/contracts'
import { Trophy } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '@/components/states'
import { dayText, measureText } from '../lib/format'

/** Personal records from the logs: the estimated 1RM and the heaviest load per rep count. */
export function RecordsCard({ records }: { records: RecordList['data'] }) {
  const { t, i18n } = useTranslation('progress', { keyPrefix: 'records' })
  const language = i18n.language
  const kg = (v: number) => measureText(v, 'weightKg', language)
  const named = records
    .map((r) => ({ ...r, name: language.startsWith('en') ? r.exercise.nameEn || r.exercise.nameEs : r.exercise.nameEs }))
    .sort((a, b) => a.name.localeCompare(b.name, language))
  return (
    <section aria-labelledby="records-title" className="grid gap-3 rounded-xl border bg-card p-4">
      <h2 id="records-title" className="font-medium">
        {t('title')}
      </h2>
      {named.length ? (
        <>
          <p className="text-xs text-muted-foreground">{t('estimatedHint')}</p>
          <ul className="grid gap-3">
            {named.map((r) => (
              <li key={r.exerciseId} className="grid gap-1 rounded-lg border p-3">
                <h3 className="font-semibold">{r.name}</h3>
                {r.estimated1RmKg !== null ? (
                  <p className="grid grid-cols-[auto_1fr] items-center gap-x-1.5 text-sm">
                    <Trophy className="size-4 text-primary" aria-hidden="true" />
                    <span className="font-medium">{t('estimated', { load: kg(r.estimated1RmKg) })}</span>
                    {r.estimated1RmOn ? (
                      <span className="col-start-2 text-xs text-muted-foreground">
                        {t('on', { date: dayText(r.estimated1RmOn, language) })}
                      </span>
                    ) : null}
                  </p>
                ) : null}
                {r.byReps.length ? <p className="text-xs text-muted-foreground">{t('byReps')}</p> : null}
                {r.byReps.length ? (
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm tabular-nums">
                    {r.byReps.map((rep) => (
                      <div key={rep.reps} className="contents">
                        <dt className="text-muted-foreground">{t('reps', { count: rep.reps })}</dt>
                        <dd>
                          {kg(rep.loadKg)} <span className="text-muted-foreground">· {t('on', { date: dayText(rep.on, language) })}</span>
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <EmptyState title={t('empty')} hint={t('emptyHint')} icon={<Trophy className="size-8" aria-hidden="true" />} />
      )}
    </section>
  )
}
