import type { Load } from '@app/contracts'
import { useTranslation } from 'react-i18next'
import type { ItemFields } from '../lib/item-form'

/** "4 × 8–10 · 60 kg · 90 s · 3010": an exercise's prescription in one line. */
export function useItemSummary() {
  const { t } = useTranslation('program-builder', { keyPrefix: 'summary' })
  const load = (l: Load) => t(`load.${l.kind}`, { value: l.value })
  return (item: ItemFields) =>
    [
      !item.reps
        ? t('setsSeconds', { sets: item.sets, seconds: item.seconds })
        : item.reps.min === item.reps.max
          ? t('setsReps', { sets: item.sets, reps: item.reps.min })
          : t('setsRepRange', { sets: item.sets, min: item.reps.min, max: item.reps.max }),
      item.load ? load(item.load) : null,
      item.restSeconds !== null ? t('rest', { seconds: item.restSeconds }) : null,
      item.tempo ? t('tempo', { tempo: item.tempo }) : null,
    ]
      .filter(Boolean)
      .join(' · ')
}
