import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { focusMain } from '@/lib/focus-return'

/**
 * After an in-app navigation (not the first load, whose title the browser reads), focus moves to
 * the new page's main heading and its title is announced, as a full page load would do for a
 * screen-reader user. Mounted once per layout; the layout's pages set the title (usePageMeta).
 */
export function RouteAnnouncer() {
  const { pathname, key } = useLocation()
  const [title, setTitle] = useState('')
  useEffect(() => {
    // 'default' is the key of the location the app started on.
    if (key === 'default') return
    // The page's title and heading are set by its own effects and lazy parts: wait a frame.
    const frame = requestAnimationFrame(() => {
      if (!document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')) focusMain()
      setTitle(document.title)
    })
    return () => cancelAnimationFrame(frame)
    // Only a new path is a new page (a changed query is a filter on the same page).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname])
  return (
    <p className="sr-only" role="status" aria-live="polite" aria-atomic="true">
      {title}
    </p>
  )
}
