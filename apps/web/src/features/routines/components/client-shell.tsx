import { CalendarDays, Sun, TrendingUp, UserCog } from 'lucide-react'
import { useEffect, useLayoutEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, Outlet, useLocation } from 'react-router'
import { ConsentPrompt } from '@/components/account/consent-prompt'
import { LanguageSwitch } from '@/components/layout/language-switch'
import { Logo } from '@/components/layout/logo'
import { cn } from '@/lib/utils'
import { takeOverIsland } from '../island/hand-off'
import { registerClientWorker } from '../lib/offline-app'

const tabs = [
  { to: '/cliente', end: true, key: 'today', Icon: Sun },
  { to: '/cliente/progreso', end: false, key: 'progress', Icon: TrendingUp },
  { to: '/cliente/reservas', end: false, key: 'bookings', Icon: CalendarDays },
] as const

function Header({ account = false }: { account?: boolean }) {
  const { t } = useTranslation('routines', { keyPrefix: 'shell' })
  return (
    <header className="sticky top-0 z-10 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex max-w-lg items-center justify-between gap-3 px-4 py-2">
        <Logo />
        <div className="flex items-center gap-2">
          {account ? (
            <Link
              to="/cuenta"
              className="inline-flex min-h-10 min-w-10 items-center justify-center gap-1 text-sm font-medium underline-offset-4 hover:underline"
            >
              <UserCog className="size-5 sm:size-4" aria-hidden="true" />
              {/* At 375 px the icon alone keeps the header on one line (the name stays for screen readers). */}
              <span className="sr-only sm:not-sr-only">{t('account')}</span>
            </Link>
          ) : null}
          <LanguageSwitch />
        </div>
      </div>
    </header>
  )
}

/** A client page without the tab bar (sign-in). */
export function ClientPlainFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-muted/40">
      <Header />
      <main id="main" className="mx-auto grid w-full max-w-lg gap-6 px-4 py-6">
        {children}
      </main>
    </div>
  )
}

/**
 * /cliente — the client's app on the web (issue 25): mobile first, one column, the tabs at the
 * bottom within thumb reach; wider screens get the same column.
 */
export function ClientShell() {
  const { t } = useTranslation('routines', { keyPrefix: 'shell' })
  const labels = { today: t('today'), progress: t('progress'), bookings: t('bookings') }
  useEffect(() => {
    void registerClientWorker()
  }, [])
  // Another tab than "Hoy": the HTML's own day (decision 254), if drawn, gives way at once.
  const { pathname } = useLocation()
  useLayoutEffect(() => {
    if (pathname.replace(/\/$/, '') !== '/cliente') takeOverIsland()
  }, [pathname])
  return (
    <div className="min-h-dvh bg-muted/40 pb-[calc(4.5rem+env(safe-area-inset-bottom))]">
      <Header account />
      <main id="main" className="mx-auto grid w-full max-w-lg gap-6 px-4 py-6">
        <ConsentPrompt />
        <Outlet />
      </main>
      <nav aria-label={t('nav')} className="fixed inset-x-0 bottom-0 z-10 border-t bg-background pb-[env(safe-area-inset-bottom)]">
        <ul className="mx-auto grid max-w-lg grid-cols-3">
          {tabs.map(({ to, end, key, Icon }) => (
            <li key={key}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
                    isActive ? 'text-primary' : 'text-muted-foreground',
                  )
                }
              >
                <Icon className="size-5" aria-hidden="true" />
                {labels[key]}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}

export default ClientShell
