import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Translate } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'

/**
 * The `errors` texts (lib/error-text.ts) with this screen's names for its own fields ("series",
 * "repeticiones mínimas"…): the shared table words the code, the builder names the field. Passed
 * to formResolver, applyFieldErrors and serverErrorText in place of `errorsT`.
 */
export function useErrorWords(): Translate {
  const { t, i18n } = useTranslation('program-builder')
  return useMemo<Translate>(
    () => (keys, options) => {
      const key = Array.isArray(keys) ? keys[0] : keys
      const field = typeof key === 'string' && key.startsWith('fieldName.') ? key.slice('fieldName.'.length) : null
      if (field && i18n.exists(`program-builder:fieldName.${field}`)) return t(`fieldName.${field}`)
      return errorsT(keys, options)
    },
    [t, i18n],
  )
}
