import { EQUIPMENT, MUSCLES, type Exercise } from '@app/contracts'
import { Plus } from 'lucide-react'
import { useDeferredValue, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState, LoadError, LoadingState } from '@/components/states'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { useExerciseSearch } from '../api/programs-api'
import { exerciseName } from '../lib/names'

const selectClass =
  'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-sm shadow-sm focus-visible:border-ring'

/**
 * "Agregar ejercicio" of one day: the library (search in Spanish, accents and typos forgiven by
 * the API; muscle and equipment filters). Stays open to add several; each addition is announced.
 */
export function ExercisePicker({
  dayLabel,
  onAdd,
  disabled,
}: {
  dayLabel: string
  onAdd: (exercise: Exercise) => void
  disabled?: boolean
}) {
  const { t, i18n } = useTranslation('program-builder', { keyPrefix: 'picker' })
  const [open, setOpen] = useState(false)
  const [q, setQ] = useState('')
  const [muscle, setMuscle] = useState('')
  const [equipment, setEquipment] = useState('')
  const [added, setAdded] = useState<string[]>([])
  const filters = useDeferredValue({ q, muscle, equipment })
  const search = useExerciseSearch(filters, open)
  const results = search.data?.data ?? []

  const add = (exercise: Exercise) => {
    onAdd(exercise)
    setAdded((list) => [...list, exerciseName(exercise, i18n.language)])
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) setAdded([])
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabled}>
          <Plus aria-hidden="true" />
          {t('open')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl" closeLabel={t('close')}>
        <DialogHeader>
          <DialogTitle>{t('title', { day: dayLabel })}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField
            label={t('search')}
            type="search"
            value={q}
            placeholder={t('searchPlaceholder')}
            onChange={(e) => setQ(e.target.value)}
          />
          <FormField
            label={t('muscle')}
            render={(aria) => (
              <select {...aria} className={selectClass} value={muscle} onChange={(e) => setMuscle(e.target.value)}>
                <option value="">{t('all')}</option>
                {MUSCLES.map((m) => (
                  <option key={m} value={m}>
                    {t(`muscles.${m}`)}
                  </option>
                ))}
              </select>
            )}
          />
          <FormField
            label={t('equipment')}
            render={(aria) => (
              <select {...aria} className={selectClass} value={equipment} onChange={(e) => setEquipment(e.target.value)}>
                <option value="">{t('all')}</option>
                {EQUIPMENT.map((e) => (
                  <option key={e} value={e}>
                    {t(`equipments.${e}`)}
                  </option>
                ))}
              </select>
            )}
          />
        </div>
        <p role="status" aria-live="polite" className="min-h-5 text-sm text-muted-foreground">
          {added.length ? t('added', { name: added.at(-1), count: added.length }) : ''}
        </p>
        {search.isPending ? (
          <LoadingState label={t('loading')} />
        ) : search.isError ? (
          <LoadError error={search.error} fallback={t('loadFailed')} onRetry={() => void search.refetch()} />
        ) : results.length === 0 ? (
          <EmptyState title={t('empty')} hint={t('emptyHint')} />
        ) : (
          <ul className="grid max-h-[45dvh] gap-2 overflow-y-auto pr-1" aria-label={t('results')} aria-busy={search.isFetching}>
            {results.map((exercise) => {
              const name = exerciseName(exercise, i18n.language)
              return (
                <li key={exercise.id} className="flex items-center justify-between gap-3 rounded-md border bg-background p-2 pl-3">
                  {exercise.imageUrl && (
                    <img src={`${exercise.imageUrl}?size=thumb`} alt="" loading="lazy" className="size-12 shrink-0 rounded object-cover" />
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words">{name}</p>
                    <p className="text-xs text-muted-foreground">
                      {exercise.primaryMuscles.map((m) => t(`muscles.${m}`)).join(', ')} ·{' '}
                      {exercise.equipment.map((e) => t(`equipments.${e}`)).join(', ')}
                    </p>
                    {/* CC-BY-SA data (wger) is shown with its authors and license wherever the exercise is. */}
                    {exercise.attribution && (
                      <p className="text-xs break-words text-muted-foreground">{t('attribution', { text: exercise.attribution })}</p>
                    )}
                  </div>
                  <Button size="sm" variant="secondary" onClick={() => add(exercise)} aria-label={t('add', { name })}>
                    <Plus aria-hidden="true" />
                    <span aria-hidden="true">{t('addShort')}</span>
                  </Button>
                </li>
              )
            })}
          </ul>
        )}
        <DialogFooter>
          <Button onClick={() => setOpen(false)}>{t('done')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
