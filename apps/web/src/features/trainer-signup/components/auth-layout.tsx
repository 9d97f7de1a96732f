import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { brand } from '@/lib/brand'
import { cn } from '@/lib/utils'

export function BrandLogo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60" aria-label={`${brand.name}: ir al inicio`}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
        <rect width="32" height="32" rx="8" fill="currentColor" className="text-primary" />
        <path d="M9 16h3v-5h2v10h-2v-3H9zm9-5h2v3h3v-3h2v10h-2v-5h-3v5h-2z" fill="#fff" />
      </svg>
      <span>{brand.name}</span>
    </Link>
  )
}

/** The frame of every sign-up screen: the logo (home link) above one centred column. */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="mx-auto flex max-w-6xl items-center px-4 py-5">
        <BrandLogo />
      </header>
      <main id="main" className={cn('mx-auto w-full px-4 pb-16', wide ? 'max-w-5xl' : 'max-w-md')}>
        {children}
      </main>
    </div>
  )
}
