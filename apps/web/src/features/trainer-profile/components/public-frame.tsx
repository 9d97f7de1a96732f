import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Logo } from '@/components/layout/logo'

/**
 * The frame of the public trainer pages. The API renders the same markup on the server
 * (apps/api/src/modules/profiles/page.ts, decision 143): keep the two in step.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4">
          <Logo />
          <Link
            to="/entrenadores"
            className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            Buscar entrenadores
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-5xl px-4 py-8">
        {children}
      </main>
    </div>
  )
}

/** A round photo, or the initials when there is none. */
export function TrainerPhoto({
  url,
  firstName,
  lastName,
  size,
}: {
  url: string | null
  firstName: string
  lastName: string
  size: 'sm' | 'lg'
}) {
  const box = size === 'lg' ? 'size-24 text-2xl' : 'size-16 text-lg'
  if (url)
    return (
      <img
        src={url}
        alt={`Foto de ${firstName} ${lastName}`}
        width={size === 'lg' ? 96 : 64}
        height={size === 'lg' ? 96 : 64}
        className={`${box} shrink-0 rounded-full object-cover`}
      />
    )
  return (
    <span
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-primary/10 font-bold text-primary`}
    >
      {firstName.charAt(0)}
      {lastName.charAt(0)}
    </span>
  )
}
