import { useTranslation } from 'react-i18next'
import { buttonVariants } from '@/components/ui/button-variants'
import { chooseLanguage } from '@/lib/i18n'
import { LANGUAGES, type Language } from '@/lib/language'
import { cn } from '@/lib/utils'

/**
 * Español / English, for every screen whose route prepares i18next (decision 047). The choice is
 * remembered in this browser and used by every screen with the switch.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common')
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn('inline-flex rounded-md border border-input bg-background p-0.5 shadow-sm', className)}
    >
      {LANGUAGES.map((language: Language) => {
        const current = i18n.language === language
        return (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={current}
            onClick={() => void chooseLanguage(language)}
            className={cn(
              buttonVariants({ variant: current ? 'secondary' : 'ghost', size: 'sm' }),
              'h-7 shadow-none',
              current && 'font-semibold',
            )}
          >
            {t(`language.${language}`)}
          </button>
        )
      })}
    </div>
  )
}
