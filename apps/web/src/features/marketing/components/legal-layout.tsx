import { Download } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonVariants } from '@/components/layout/light-ui'
import { brand } from '@/lib/brand'
import type { Language } from '@/lib/language'
import { LEGAL_PAGES } from '@/lib/legal-pages'
import { useLegalHeadLinks } from './legal-head-links'
import { SkipLink } from './skip-link'
import { Logo } from '@/components/layout/logo'
import { SiteFooter } from './site-footer'

/**
 * Last update of each legal document, as a person reads it. The versions people accept are
 * TERMS_VERSION and PRIVACY_VERSION of @app/contracts (a unit test keeps the two in step); spec §9
 * dated both 1 September 2025, the privacy policy changed for Ley 21.719 (decision 199); both
 * name the withdrawal right, the renewal notices and the tax documents from 1 December 2026 (decision 224).
 */
export const LEGAL_UPDATED_AT = { terms: '1 de diciembre de 2026', privacy: '1 de diciembre de 2026' } as const
/** The same dates in the English versions (/en/terms, /en/privacy; decision 231). */
export const LEGAL_UPDATED_AT_EN: Record<keyof typeof LEGAL_UPDATED_AT, string> = {
  terms: '1 December 2026',
  privacy: '1 December 2026',
}

/** The support address as a link, where the documents name it. */
export const mail = (
  <a className="text-primary underline" href={`mailto:${brand.supportEmail}`}>
    {brand.supportEmail}
  </a>
)

/**
 * The words around the documents, per language. The Spanish pages are public (no i18next,
 * decision 047); the English ones are read by the people of the English screens (decision 231).
 * `other` is the link to the other language's version, written in that language.
 */
const CHROME = {
  es: {
    skip: 'Saltar al contenido',
    download: 'Descargar la app',
    newTab: '(se abre en una pestaña nueva)',
    updated: 'Última actualización:',
    contentsLabel: 'Contenido del documento',
    contents: 'Contenido',
    prevails: 'Este documento también está traducido al inglés; si las dos versiones difieren, prevalece esta, en español.',
    other: { language: 'en', text: 'Read in English' },
  },
  en: {
    skip: 'Skip to content',
    download: 'Download the app',
    newTab: '(opens in a new tab)',
    updated: 'Last updated:',
    contentsLabel: 'Document contents',
    contents: 'Contents',
    prevails: 'This is a translation of the Spanish document; if the two versions differ, the Spanish one prevails.',
    other: { language: 'es', text: 'Leer en español' },
  },
} as const satisfies Record<Language, unknown>

export function LegalHeader({ language = 'es' }: { language?: Language }) {
  const words = CHROME[language]
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <a href={brand.appStoreUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ size: 'sm', className: 'h-9' })}>
          <Download aria-hidden="true" />
          {words.download}
          <span className="sr-only"> {words.newTab}</span>
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

/** The English pages' footer: the legal documents in English and the contact (the product pages are Spanish). */
function EnglishFooter() {
  const link = 'inline-block py-1.5 text-muted-foreground hover:text-foreground hover:underline'
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr]">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-sm text-sm text-muted-foreground">The platform for personal trainers and gyms. Available in Chile.</p>
        </div>
        <nav aria-label="Legal">
          <h2 className="text-sm font-semibold">Legal and contact</h2>
          <ul className="mt-3 space-y-1 text-sm">
            <li>
              <Link className={link} to={LEGAL_PAGES.en.privacy}>
                Privacy policy
              </Link>
            </li>
            <li>
              <Link className={link} to={LEGAL_PAGES.en.terms}>
                Terms and conditions
              </Link>
            </li>
            <li>
              <a className={link} href={`mailto:${brand.supportEmail}`}>
                {brand.supportEmail}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t py-6 text-center text-xs text-muted-foreground" suppressHydrationWarning>
        © {new Date().getFullYear()} {brand.name}. All rights reserved.
      </p>
    </footer>
  )
}

export function LegalDocument({
  document,
  language = 'es',
  title,
  intro,
  sections,
}: {
  document: keyof typeof LEGAL_UPDATED_AT
  /** The language the page is written in; its words around the text and the link to the other version follow it. */
  language?: Language
  title: string
  intro: ReactNode
  sections: LegalSection[]
}) {
  const words = CHROME[language]
  const updatedAt = language === 'en' ? LEGAL_UPDATED_AT_EN : LEGAL_UPDATED_AT
  useLegalHeadLinks(LEGAL_PAGES[language][document])
  return (
    <>
      <SkipLink text={words.skip} />
      <LegalHeader language={language} />
      <main id="contenido" className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
        <article className="legal">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span>
              {words.updated} {updatedAt[document]}
            </span>
            <Link
              className="inline-flex min-h-10 items-center font-medium text-primary underline underline-offset-4"
              to={LEGAL_PAGES[words.other.language][document]}
              lang={words.other.language}
              hrefLang={words.other.language}
              data-testid="legal-language-link"
            >
              {words.other.text}
            </Link>
          </p>
          <p className="mt-2 text-sm text-muted-foreground" data-testid="legal-prevails">
            {words.prevails}
          </p>
          <div className="mt-6 space-y-4 text-pretty">{intro}</div>
          <nav aria-label={words.contentsLabel} className="mt-8 rounded-xl border bg-muted/40 p-5">
            <h2 className="text-sm font-semibold">{words.contents}</h2>
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
      {language === 'en' ? <EnglishFooter /> : <SiteFooter />}
    </>
  )
}
