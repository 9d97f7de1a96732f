import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LanguageSwitch } from '@/components/layout/language-switch'
import { Logo } from '@/components/layout/logo'
import { SkipLink } from '@/components/layout/skip-link'

/** The account pages' frame: logo, language switch, a way back, one `main`. */
export function AccountFrame({ back, children }: { back?: string; children: ReactNode }) {
  const { t } = useTranslation('account')
  return (
    <div className="min-h-dvh bg-muted/40">
      <SkipLink />
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-2xl items-center justify-between gap-3 px-4 py-2">
          <Logo />
          <div className="flex items-center gap-3">
            {back ? (
              <Link to={back} className="inline-flex min-h-10 items-center text-sm font-medium underline-offset-4 hover:underline">
                {t('back')}
              </Link>
            ) : null}
            <LanguageSwitch />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-6 outline-none">
        {children}
      </main>
    </div>
  )
}
