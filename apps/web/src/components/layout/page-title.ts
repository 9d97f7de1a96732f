import { useEffect } from 'react'
import { brand } from '@/lib/brand'

/** Sets the document title and meta description of a page. */
export function usePageMeta(title: string, description?: string) {
  useEffect(() => {
    document.title = title.includes(brand.name) ? title : `${title} · ${brand.name}`
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
