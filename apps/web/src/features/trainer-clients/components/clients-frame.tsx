import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate } from 'react-router'
import { LanguageSwitch } from '@/components/layout/language-switch'
import { Logo } from '@/components/layout/logo'
import { PageLoading } from '@/components/layout/page-loading'
import { RouteAnnouncer } from '@/components/layout/route-announcer'
import { SkipLink } from '@/components/layout/skip-link'
import { useSession } from '@/lib/use-session'

/** The trainer dashboard's header (logo, a way back, the language switch) and one `main`, as the program builder's pages. */
export function ClientsFrame({ back, children }: { back: { to: string; label: string }; children: ReactNode }) {
  const { t } = useTranslation('trainer-clients')
  const { user, isLoading } = useSession()
  if (isLoading && !user) return <PageLoading label={t('loading')} />
  if (!user) return <Navigate to="/auth/login" replace />
  return (
    <div className="min-h-dvh bg-muted/40">
      <SkipLink />
      <RouteAnnouncer />
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Logo />
          <div className="flex flex-wrap items-center justify-end gap-2">
            <Link
              to={back.to}
              className="inline-flex min-h-10 items-center gap-1 rounded-md px-2 text-sm font-medium underline-offset-4 hover:underline"
            >
              <ArrowLeft className="size-4" aria-hidden="true" />
              {back.label}
            </Link>
            <LanguageSwitch />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto grid w-full max-w-6xl min-w-0 gap-6 px-4 py-6 outline-none">
        {children}
      </main>
    </div>
  )
}
