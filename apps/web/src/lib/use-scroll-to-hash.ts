import { useEffect } from 'react'
import { useLocation } from 'react-router'

/** How long a linked section may take to appear (its data and chunk load after the page's). */
const WAIT_MS = 10_000

/**
 * Brings the element named by the URL's #hash into view once it exists, and moves focus to it so
 * a keyboard or screen-reader user starts there too: mails link to a dashboard's section
 * (/dashboard#statement), which mounts only after the page's data arrives.
 */
export function useScrollToHash() {
  const { hash } = useLocation()
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1))
    if (!id) return
    const reveal = () => {
      const target = document.getElementById(id)
      if (!target) return false
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
      target.scrollIntoView({ block: 'start' })
      target.focus({ preventScroll: true })
      return true
    }
    if (reveal()) return
    const observer = new MutationObserver(() => reveal() && stop())
    const timer = window.setTimeout(() => stop(), WAIT_MS)
    const stop = () => {
      observer.disconnect()
      window.clearTimeout(timer)
    }
    observer.observe(document.body, { childList: true, subtree: true })
    return stop
  }, [hash])
}
