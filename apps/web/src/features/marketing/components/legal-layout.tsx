import { Download } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonVariants } from '@/components/layout/light-ui'
import { brand } from '@/lib/brand'
import { SkipLink } from './skip-link'
import { Logo } from '@/components/layout/logo'
import { SiteFooter } from './site-footer'

/**
 * Last update of each legal document, as a person reads it. The versions people accept are
 * TERMS_VERSION and PRIVACY_VERSION of @app/contracts (a unit test keeps the two in step); spec §9
 * dated both 1 September 2025, the privacy policy changed for Ley 21.719 (decision 199).
 */
export const LEGAL_UPDATED_AT = { terms: '1 de septiembre de 2025', privacy: '1 de diciembre de 2026' } as const

export function LegalHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <a href={brand.appStoreUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ size: 'sm', className: 'h-9' })}>
          <Download aria-hidden="true" />
          Descargar la app
          <span className="sr-only"> (se abre en una pestaña nueva)</span>
        </a>
      </div>
    </header>
  )
}

export interface LegalSection {
  id: string
  title: string
  body: ReactNode
}

export function LegalDocument({
  document,
  title,
  intro,
  sections,
}: {
  document: keyof typeof LEGAL_UPDATED_AT
  title: string
  intro: ReactNode
  sections: LegalSection[]
}) {
  return (
    <>
      <SkipLink />
      <LegalHeader />
      <main id="contenido" className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
        <article className="legal">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-muted-foreground">Última actualización: {LEGAL_UPDATED_AT[document]}</p>
          <div className="mt-6 space-y-4 text-pretty">{intro}</div>
          <nav aria-label="Contenido del documento" className="mt-8 rounded-xl border bg-muted/40 p-5">
            <h2 className="text-sm font-semibold">Contenido</h2>
            <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
              {sections.map((s) => (
                <li key={s.id}>
                  <a className="text-primary underline-offset-4 hover:underline" href={`#${s.id}`}>
                    {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-10 scroll-mt-20">
              <h2 id={`${s.id}-title`} className="text-xl font-bold">
                {i + 1}. {s.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">{s.body}</div>
            </section>
          ))}
        </article>
      </main>
      <SiteFooter />
    </>
  )
}
