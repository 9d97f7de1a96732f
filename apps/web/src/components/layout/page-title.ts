import { useEffect } from 'react'
import { brand } from '@/lib/brand'

const fullTitle = (title: string) => (title.includes(brand.name) ? title : `${title} · ${brand.name}`)

/** The title and description of the page rendered last at build time (src/prerender.tsx writes them into its <head>). */
export const prerenderedMeta: { title?: string; description?: string } = {}

/** Sets the document title and meta description of a page. */
export function usePageMeta(title: string, description?: string) {
  // Build-time render only (import.meta.env.SSR is false in the browser bundle, so this is dropped).
  if (import.meta.env.SSR) Object.assign(prerenderedMeta, { title: fullTitle(title), description })
  useEffect(() => {
    document.title = fullTitle(title)
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]')
      if (!meta) {
        meta = document.createElement('meta')
        meta.name = 'description'
        document.head.appendChild(meta)
      }
      meta.content = description
    }
  }, [title, description])
}
