import type { ReactNode } from 'react'
import { Logo } from '@/components/layout/logo'
import { cn } from '@/lib/utils'

/** The frame of every sign-up screen: the logo (home link) above one centred column; `headerEnd` e.g. the language switch. */
export function AuthLayout({ children, wide = false, headerEnd }: { children: ReactNode; wide?: boolean; headerEnd?: ReactNode }) {
  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-5">
        <Logo />
        {headerEnd}
      </header>
      <main id="main" className={cn('mx-auto w-full px-4 pb-16', wide ? 'max-w-5xl' : 'max-w-md')}>
        {children}
      </main>
    </div>
  )
}
