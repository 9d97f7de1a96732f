import type { ReactNode } from 'react'
import { Logo } from '@/components/layout/logo'
import { cn } from '@/lib/utils'

/** The frame of every sign-up screen: the logo (home link) above one centred column. */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="mx-auto flex max-w-6xl items-center px-4 py-5">
        <Logo />
      </header>
      <main id="main" className={cn('mx-auto w-full px-4 pb-16', wide ? 'max-w-5xl' : 'max-w-md')}>
        {children}
      </main>
    </div>
  )
}
