import type { ReactNode } from 'react'
import { Logo } from '@/components/layout/logo'
import { RouteAnnouncer } from '@/components/layout/route-announcer'
import { SkipLink } from '@/components/layout/skip-link'

/** The frame of the client's Spanish pages: the logo above one centred column. */
export function ClientLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-muted/40">
      <SkipLink />
      <RouteAnnouncer />
      <header className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-5">
        <Logo />
      </header>
      <main id="main" tabIndex={-1} className="mx-auto grid w-full max-w-lg gap-6 px-4 pb-16">
        {children}
      </main>
    </div>
  )
}

const day = new Intl.DateTimeFormat('es-CL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Santiago' })

/** Spanish-only formatting for the public pages (they never load i18next, decision 047). */
export const formatDay = (iso: string) => day.format(new Date(iso))
