import { useTranslation } from 'react-i18next'
import { INTL_LOCALE, type Language } from '@/lib/language'

/** Date and time of an event in the shown language (an audit row needs the minute, not just the day). */
export function useDateTime() {
  const { i18n } = useTranslation()
  const format = new Intl.DateTimeFormat(INTL_LOCALE[i18n.language as Language] ?? 'es-CL', { dateStyle: 'medium', timeStyle: 'short' })
  return (iso: string) => format.format(new Date(iso))
}
