import { Menu, X } from 'lucide-react'
import { useEffect, useId, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonVariants } from '@/components/layout/light-ui'
import { clsx as cn } from 'clsx'
import { landingAnchors } from '../content'
import { Logo } from '@/components/layout/logo'

/**
 * The public header. On the landing page the section links are in-page anchors; elsewhere they
 * point back to the landing sections. Below `md` they move into a menu.
 */
export function SiteHeader({ onLanding = false, action }: { onLanding?: boolean; action?: ReactNode }) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const anchors = landingAnchors.map((a) => ({ ...a, href: onLanding ? a.href : `/${a.href}` }))
  const cta = action ?? (
    <Link to="/auth/register" className={buttonVariants({ size: 'sm', className: 'h-9 px-2.5 min-[380px]:px-3' })}>
      {/* Wraps to two lines rather than overflow when a wider fallback font stands in for Inter. */}
      <span className="text-center leading-tight whitespace-normal">Únete como entrenador</span>
    </Link>
  )

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false)
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open])

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Secciones" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {anchors.map((a) => (
              <li key={a.href}>
                <a
                  href={a.href}
                  className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground"
                >
                  {a.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 items-center gap-2">
          {/* Spec §2 hides only the anchor links on small screens: the call to action stays. */}
          <div className="min-w-0">{cta}</div>
          <button
            type="button"
            className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'md:hidden')}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
            <span className="sr-only">{open ? 'Cerrar menú' : 'Abrir menú'}</span>
          </button>
        </div>
      </div>
      <nav id={menuId} aria-label="Menú" hidden={!open} className="border-t bg-background md:hidden">
        <ul className="mx-auto flex max-w-6xl flex-col px-4 py-2">
          {anchors.map((a) => (
            <li key={a.href}>
              <a href={a.href} onClick={() => setOpen(false)} className="block rounded-md px-3 py-3 text-base font-medium hover:bg-accent">
                {a.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  )
}
