import { LogOut, ShieldX } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router'
import { LanguageSwitch } from '@/components/layout/language-switch'
import { Logo } from '@/components/layout/logo'
import { PageLoading } from '@/components/layout/page-loading'
import { RouteAnnouncer } from '@/components/layout/route-announcer'
import { SkipLink } from '@/components/layout/skip-link'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useSession } from '@/lib/use-session'
import { cn } from '@/lib/utils'
import { SystemAlert } from './system-alert'

export const ADMIN_ROLE = 'platform_admin'

const SECTIONS = ['leads', 'trainers', 'gyms', 'money', 'audit', 'reviews', 'privacy', 'tax-starts'] as const

/** A signed-in person who is not a platform admin: say so, offer to sign out or leave. */
function NoAccess({ email, onLogout }: { email: string; onLogout: () => void }) {
  const { t } = useTranslation('admin')
  return (
    <main id="main" className="mx-auto grid min-h-dvh max-w-md content-center px-4">
      <Card>
        <CardHeader>
          <ShieldX className="size-10 text-destructive-strong" aria-hidden="true" />
          <CardTitle>
            <h1 className="text-2xl">{t('noAccess.title')}</h1>
          </CardTitle>
          <CardDescription>{t('noAccess.description', { email })}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={onLogout}>{t('noAccess.switchAccount')}</Button>
          <Button variant="outline" asChild>
            <Link to="/">{t('noAccess.home')}</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  )
}

/** The console's frame: only platform admins get past it; anonymous people go to sign in. */
export function AdminShell({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('admin')
  const { user, isLoading, logout } = useSession()
  const location = useLocation()

  if (!user && isLoading) return <PageLoading label={t('loading')} />
  if (!user) return <Navigate to={`/admin/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />
  if (user.role !== ADMIN_ROLE) return <NoAccess email={user.email} onLogout={() => void logout()} />

  return (
    <div className="min-h-dvh bg-muted/40">
      <SkipLink />
      <RouteAnnouncer />
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Logo suffix={t('consoleName')} />
          <div className="flex items-center gap-2">
            <LanguageSwitch />
            <Button variant="ghost" size="sm" onClick={() => void logout()}>
              <LogOut aria-hidden="true" />
              {t('logout')}
            </Button>
          </div>
        </div>
        <nav aria-label={t('nav.label')} className="mx-auto max-w-7xl overflow-x-auto px-4">
          <ul className="flex gap-1 pb-2">
            {SECTIONS.map((section) => (
              <li key={section}>
                <NavLink
                  to={`/admin/${section}`}
                  className={({ isActive }) =>
                    cn(
                      'inline-flex h-9 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap hover:bg-accent',
                      isActive && 'bg-secondary text-secondary-foreground',
                    )
                  }
                >
                  {t(`nav.${section}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6">
        <SystemAlert />
        {children ?? <Outlet />}
      </main>
    </div>
  )
}
