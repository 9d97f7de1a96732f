import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Translate } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'

/**
 * The `errors` texts (lib/error-text.ts) with this page's names for its fields ("el peso",
 * "la cintura"): the shared table words the code, this page names the field.
 */
export function useErrorWords(): Translate {
  const { t, i18n } = useTranslation('progress')
  return useMemo<Translate>(
    () => (keys, options) => {
      const key = Array.isArray(keys) ? keys[0] : keys
      const field = typeof key === 'string' && key.startsWith('fieldName.') ? key.slice('fieldName.'.length) : null
      if (field && i18n.exists(`progress:fieldName.${field}`)) return t(`fieldName.${field}`)
      return errorsT(keys, options)
    },
    [t, i18n],
  )
}
