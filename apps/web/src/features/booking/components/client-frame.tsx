import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LanguageSwitch } from '@/components/layout/language-switch'
import { Logo } from '@/components/layout/logo'
import { RouteAnnouncer } from '@/components/layout/route-announcer'
import { SkipLink } from '@/components/layout/skip-link'

/**
 * The client's booking pages' own minimal frame, until the client shell of issue 25 (/cliente,
 * bottom navigation) lands and mounts them.
 */
export function ClientFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('booking')
  return (
    <div className="min-h-dvh bg-muted/40">
      <SkipLink />
      <RouteAnnouncer />
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Logo />
          <nav aria-label={t('nav.label')} className="flex flex-wrap items-center gap-1">
            <Link to="/entrenadores" className="rounded-md px-3 py-2 text-sm font-medium hover:bg-accent">
              {t('nav.search')}
            </Link>
            <Link to="/cliente/reservas" className="rounded-md px-3 py-2 text-sm font-medium hover:bg-accent">
              {t('nav.bookings')}
            </Link>
            <LanguageSwitch />
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6">
        {children}
      </main>
    </div>
  )
}
