import type { MouseEvent } from 'react'
import { useShellText } from '@/lib/shell-text'

/**
 * The first focusable element of every layout: moves focus into `main` (which must carry
 * id="main"), past the header and navigation. Focus is moved by script, so the URL keeps no hash.
 */
export function SkipLink() {
  const { t } = useShellText()
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById('main')
    if (!main) return
    event.preventDefault()
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1')
    main.focus()
    main.scrollIntoView({ block: 'start' })
  }
  return (
    <a
      href="#main"
      onClick={skip}
      className="sr-only z-50 rounded-md bg-background px-4 py-2 font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('skipToContent')}
    </a>
  )
}
