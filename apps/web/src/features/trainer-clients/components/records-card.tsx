import type { ClientProgress } from '@app/contracts'
import { Trophy } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '@/components/states'
import { useFormat } from '@/lib/i18n'
import { shortDay } from '../lib/days'

/** Heaviest load (with its reps) and estimated 1RM per exercise, from the progress answer. */
export function RecordsCard({ records }: { records: ClientProgress['records'] }) {
  const { t, i18n } = useTranslation('trainer-clients', { keyPrefix: 'records' })
  const format = useFormat()
  const headingId = useId()
  const lang = i18n.language
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 content-start gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <Trophy className="size-5 text-primary" aria-hidden="true" />
        {t('title')}
      </h2>
      {records.length === 0 ? (
        <EmptyState title={t('empty')} hint={t('emptyHint')} />
      ) : (
        <div className="min-w-0 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('caption')}</caption>
            <thead className="border-b text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('exercise')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('best')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t('estimated')}
                </th>
              </tr>
            </thead>
            <tbody>
              {records.map((r) => {
                const best = r.byReps.reduce<(typeof r.byReps)[number] | null>((top, x) => (!top || x.loadKg > top.loadKg ? x : top), null)
                return (
                  <tr key={r.exerciseId} className="border-b last:border-0">
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {lang === 'en' ? r.exercise.nameEn || r.exercise.nameEs : r.exercise.nameEs}
                    </th>
                    <td className="py-2 pr-3 tabular-nums">
                      {best ? (
                        <>
                          {t('bestValue', { load: format.number(best.loadKg), reps: best.reps })}
                          <span className="block text-xs text-muted-foreground">{t('on', { date: shortDay(best.on, lang, true) })}</span>
                        </>
                      ) : (
                        t('none')
                      )}
                    </td>
                    <td className="py-2 tabular-nums">
                      {r.estimated1RmKg !== null ? (
                        <>
                          {`${format.number(r.estimated1RmKg)} kg`}
                          {r.estimated1RmOn ? (
                            <span className="block text-xs text-muted-foreground">
                              {t('on', { date: shortDay(r.estimated1RmOn, lang, true) })}
                            </span>
                          ) : null}
                        </>
                      ) : (
                        t('none')
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
