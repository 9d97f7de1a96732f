import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { legalAlternates } from '@/lib/legal-pages'
import { useLegalHeadLinks } from './legal-head-links'

// Decision 234: each legal page names its canonical URL and both language versions in the <head>.
const headLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"], link[rel="alternate"][hreflang]')].map((l) =>
    [l.rel, l.hreflang, l.href].filter(Boolean).join(' '),
  )

afterEach(() => document.head.querySelectorAll('link').forEach((l) => l.remove()))

describe('the language versions of the legal pages', () => {
  it('pair each Spanish page with its English one; Spanish for everyone else', () => {
    expect(legalAlternates('/terminos')).toEqual({ 'es-CL': '/terminos', en: '/en/terms', 'x-default': '/terminos' })
    expect(legalAlternates('/en/terms')).toEqual(legalAlternates('/terminos'))
    expect(legalAlternates('/en/privacy')).toEqual({ 'es-CL': '/privacidad', en: '/en/privacy', 'x-default': '/privacidad' })
    expect(legalAlternates('/precios')).toBeUndefined()
  })

  it("keep the server's links and origin on the page, and take them away when it is left", async () => {
    const served = document.createElement('link')
    served.rel = 'canonical'
    served.href = 'https://entrena.example/terminos'
    document.head.appendChild(served)

    const { rerender, unmount } = renderHook(({ path }) => useLegalHeadLinks(path), { initialProps: { path: '/terminos' } })
    expect(headLinks()).toEqual([
      'canonical https://entrena.example/terminos',
      'alternate es-CL https://entrena.example/terminos',
      'alternate en https://entrena.example/en/terms',
      'alternate x-default https://entrena.example/terminos',
    ])
    // Client-side navigation to the English version.
    rerender({ path: '/en/terms' })
    expect(headLinks()[0]).toBe('canonical https://entrena.example/en/terms')
    expect(headLinks()).toHaveLength(4)
    unmount()
    await Promise.resolve()
    expect(headLinks()).toEqual([])
  })

  it("use the page's own origin when reached without the server's links", () => {
    const { unmount } = renderHook(() => useLegalHeadLinks('/en/privacy'))
    expect(headLinks()[0]).toBe(`canonical ${window.location.origin}/en/privacy`)
    unmount()
  })
})
