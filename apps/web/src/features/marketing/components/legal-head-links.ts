import { useEffect } from 'react'
import { legalAlternates } from '@/lib/legal-pages'

const selector = 'link[rel="canonical"], link[rel="alternate"][hreflang]'

/**
 * The canonical and language-version links of the legal page at `path` in the <head> (decision
 * 234). The server writes them into the prerendered HTML on the public origin; this keeps them
 * right when the page is reached or left by client-side navigation (on the origin of the links
 * already there, else the page's own), so no other page is left with them.
 */
export function useLegalHeadLinks(path: string) {
  useEffect(() => {
    const alternates = legalAlternates(path)
    if (!alternates) return
    const served = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
    const origin = new URL(served?.href ?? window.location.href).origin
    for (const old of document.head.querySelectorAll(selector)) old.remove()
    const link = (rel: string, href: string, hreflang?: string) => {
      const element = document.createElement('link')
      element.rel = rel
      if (hreflang) element.hreflang = hreflang
      element.href = `${origin}${href}`
      return document.head.appendChild(element)
    }
    const added = [link('canonical', path), ...Object.entries(alternates).map(([hreflang, href]) => link('alternate', href, hreflang))]
    // Removed just after the commit, so that the legal page that may follow (the other language,
    // by client-side navigation) first reads the public origin from them.
    return () => queueMicrotask(() => added.forEach((element) => element.remove()))
  }, [path])
}
