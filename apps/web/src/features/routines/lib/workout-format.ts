import { useTranslation } from 'react-i18next'
import { prescriptionText, type SessionItem } from './workout-text'

export * from './workout-text'

/** An exercise's prescription in the page's language (workout-text's prescriptionText with i18next). */
export function usePrescription() {
  const { t, i18n } = useTranslation('routines', { keyPrefix: 'today' })
  return (item: SessionItem) => prescriptionText(item, t, i18n.language)
}
