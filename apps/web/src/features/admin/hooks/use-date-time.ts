import { useTranslation } from 'react-i18next'
import type { Language } from '@/lib/language'
import { dateTimeFormatter } from '../lib/console-format'

/** Date and time of an event in the shown language, on Chile's clock (an audit row needs the minute, not just the day). */
export function useDateTime() {
  const { i18n } = useTranslation()
  return dateTimeFormatter(i18n.language as Language)
}
