import * as constants from '@app/contracts/constants'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { brand } from '@/lib/brand'
import { legalPage, LEGAL_PAGES } from '@/lib/legal-pages'
import { LegalDocument, type LegalSection } from '../components/legal-layout'
import layoutSource from '../components/legal-layout.tsx?raw'
import privacySource from './privacy-page.tsx?raw'
import privacySourceEn from './privacy-page-en.tsx?raw'
import termsSource from './terms-page.tsx?raw'
import termsSourceEn from './terms-page-en.tsx?raw'
import { privacySections } from './privacy-page'
import { privacySectionsEn } from './privacy-page-en'
import { termsSections } from './terms-page'
import { termsSectionsEn } from './terms-page-en'

// Decision 231: the terms and the privacy policy in Spanish (the public pages) and in English (for
// the English screens) must say the same thing. A section added, dropped or moved in one language,
// a figure changed in one, or a constant written out by hand in one, fails here.

const documents = [
  { name: 'terms', es: termsSections, en: termsSectionsEn, files: ['terms-page.tsx', 'terms-page-en.tsx'] },
  { name: 'privacy', es: privacySections, en: privacySectionsEn, files: ['privacy-page.tsx', 'privacy-page-en.tsx'] },
] as const

/** The pages' code, as written. */
const sources: Record<string, string> = {
  'terms-page.tsx': termsSource,
  'terms-page-en.tsx': termsSourceEn,
  'privacy-page.tsx': privacySource,
  'privacy-page-en.tsx': privacySourceEn,
  '../components/legal-layout.tsx': layoutSource,
}
const source = (file: string) => sources[file]!

const text = (node: ReactNode) =>
  renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, ' ')

/** Every figure a section states (days, percentages, law numbers, dates), in order of size. */
const figures = (section: LegalSection): string[] => (text(section.body).match(/\d+(?:[.,]\d+)*/g) ?? []).sort()

/** How often the source uses each constant of @app/contracts/constants, and which brand fields it reads. */
function references(file: string) {
  const code = source(file)
  const imported = /import\s*\{([^}]*)\}\s*from\s*'@app\/contracts\/constants'/.exec(code)?.[1] ?? ''
  const names = imported
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  const uses = Object.fromEntries(names.map((name) => [name, code.match(new RegExp(`\\b${name}\\b`, 'g'))!.length - 1]))
  const brandFields = [...new Set([...code.matchAll(/\bbrand\.(\w+)/g)].map((m) => m[1]))].sort()
  return { uses, brandFields }
}

describe.each(documents)('the $name in Spanish and in English', ({ es, en, files }) => {
  it('have the same sections, with the same ids, in the same order', () => {
    expect(en.map((s) => s.id)).toEqual(es.map((s) => s.id))
    expect(new Set(es.map((s) => s.id)).size).toBe(es.length)
    for (const [i, section] of en.entries()) expect(section.title, section.id).not.toBe(es[i]!.title)
  })

  it('state the same figures in each section', () => {
    for (const [i, section] of es.entries()) expect(figures(en[i]!), section.id).toEqual(figures(section))
  })

  it('use the same constants from the contracts, as often, and the same brand fields', () => {
    const [spanish, english] = files.map(references)
    expect(Object.keys(spanish!.uses).length).toBeGreaterThan(0)
    expect(english).toEqual(spanish)
    // Each constant's value is what the pages say (not a figure typed next to it).
    for (const name of Object.keys(spanish!.uses)) {
      const value = String(constants[name as keyof typeof constants])
      expect(
        es.some((s) => figures(s).includes(value)),
        name,
      ).toBe(true)
      expect(
        en.some((s) => figures(s).includes(value)),
        name,
      ).toBe(true)
    }
  })

  it('link to the document’s other pages in their own language', () => {
    const hrefs = (sections: readonly LegalSection[]) =>
      sections.flatMap((s) => [...renderToStaticMarkup(<MemoryRouter>{s.body}</MemoryRouter>).matchAll(/href="([^"]+)"/g)].map((m) => m[1]))
    const legal = (language: 'es' | 'en') => new Set<string>(Object.values(LEGAL_PAGES[language]))
    const spanishLinks = hrefs(es)
    const englishLinks = hrefs(en)
    expect(englishLinks.filter((href) => legal('es').has(href))).toEqual([])
    expect(spanishLinks.filter((href) => legal('en').has(href))).toEqual([])
    // The same links otherwise: each legal link has its counterpart, the e-mail and other pages are the same.
    const neutral = (href: string) =>
      legal('en').has(href) ? href.replace(/^\/en\/terms$/, '/terminos').replace(/^\/en\/privacy$/, '/privacidad') : href
    expect(englishLinks.map(neutral)).toEqual(spanishLinks)
    expect(spanishLinks).toContain(`mailto:${brand.supportEmail}`)
  })

  it('import no i18next (the public pages’ budget, decision 047)', () => {
    for (const file of [...files, '../components/legal-layout.tsx'])
      expect(source(file), file).not.toMatch(/from '(?:i18next|react-i18next|@\/lib\/i18n)'/)
  })
})

describe('the legal page of a screen’s language', () => {
  it('is the English version on an English screen, the Spanish one otherwise', () => {
    expect(legalPage('terms', 'en')).toBe('/en/terms')
    expect(legalPage('privacy', 'en')).toBe('/en/privacy')
    expect(legalPage('terms', 'es')).toBe('/terminos')
    expect(legalPage('privacy', undefined)).toBe('/privacidad')
  })
})

describe('which version prevails', () => {
  it('each page says the Spanish one, in its own language', () => {
    const page = (language: 'es' | 'en') =>
      text(<LegalDocument document="terms" language={language} title="T" intro={null} sections={termsSections} />)
    expect(page('es')).toContain('si las dos versiones difieren, prevalece esta, en español')
    expect(page('en')).toContain('if the two versions differ, the Spanish one prevails')
  })
})
