import type { Exercise } from '@app/contracts'
import { useDeferredValue, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ErrorAlert } from '@/components/ui/error-alert'
import { Input } from '@/components/ui/input'
import { EQUIPMENT, MUSCLES, useExerciseSearch } from '../api/exercises-api'
import { exerciseText } from '../lib/exercise-text'

function ExerciseItem({ exercise }: { exercise: Exercise }) {
  const { t, i18n } = useTranslation('routines', { keyPrefix: 'library' })
  const { name, cues } = exerciseText(exercise, i18n.language)
  return (
    <li className="rounded-lg border p-3">
      <details>
        <summary className="cursor-pointer font-medium">
          {name}
          {exercise.scope ? (
            <Badge variant="secondary" className="ml-2">
              {t(`scope.${exercise.scope}`)}
            </Badge>
          ) : null}
        </summary>
        <div className="mt-2 grid gap-1 text-sm">
          <p>
            <span className="font-medium">{t('muscles')}:</span> {exercise.primaryMuscles.map((m) => t(`muscle.${m}`)).join(', ')}
            {exercise.secondaryMuscles.length ? ` (${exercise.secondaryMuscles.map((m) => t(`muscle.${m}`)).join(', ')})` : ''}
          </p>
          <p>
            <span className="font-medium">{t('equipmentLabel')}:</span> {exercise.equipment.map((e) => t(`equipment.${e}`)).join(', ')}
          </p>
          {cues.length ? (
            <ul className="list-disc pl-5">
              {cues.map((cue) => (
                <li key={cue}>{cue}</li>
              ))}
            </ul>
          ) : null}
          {exercise.videoUrl ? (
            <a href={exercise.videoUrl} target="_blank" rel="noreferrer noopener" className="underline underline-offset-4">
              {t('video')}
            </a>
          ) : null}
        </div>
      </details>
    </li>
  )
}

/** The trainer dashboard's exercise library: search (accents and typos forgiven), muscle and equipment filters. */
export function ExerciseLibrary() {
  const { t } = useTranslation('routines', { keyPrefix: 'library' })
  const searchId = useId()
  const [q, setQ] = useState('')
  const [muscle, setMuscle] = useState('')
  const [equipment, setEquipment] = useState('')
  const filters = useDeferredValue({ q, muscle, equipment })
  const list = useExerciseSearch(filters)
  const items = list.data?.data ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="grid gap-1 text-sm font-medium">
            <label htmlFor={searchId}>{t('search')}</label>
            <Input id={searchId} type="search" value={q} placeholder={t('searchPlaceholder')} onChange={(e) => setQ(e.target.value)} />
          </div>
          <label className="grid gap-1 text-sm font-medium">
            {t('muscleFilter')}
            <select className="h-10 rounded-md border bg-background px-3" value={muscle} onChange={(e) => setMuscle(e.target.value)}>
              <option value="">{t('all')}</option>
              {MUSCLES.map((m) => (
                <option key={m} value={m}>
                  {t(`muscle.${m}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm font-medium">
            {t('equipmentLabel')}
            <select className="h-10 rounded-md border bg-background px-3" value={equipment} onChange={(e) => setEquipment(e.target.value)}>
              <option value="">{t('all')}</option>
              {EQUIPMENT.map((e) => (
                <option key={e} value={e}>
                  {t(`equipment.${e}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {list.isPending ? (
          <p role="status">{t('loading')}</p>
        ) : list.isError ? (
          <ErrorAlert>{t('loadFailed')}</ErrorAlert>
        ) : items.length === 0 ? (
          <p role="status">{t('empty')}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t('results')} aria-busy={list.isFetching}>
            {items.map((exercise) => (
              <ExerciseItem key={exercise.id} exercise={exercise} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
