import { startTransition, useEffect, useState, type RefObject } from 'react'

/**
 * True once the element comes within `margin` of the viewport (and stays true): below-the-fold
 * code loads when the visitor gets near it, not with the page (decision 011).
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '800px'): boolean {
  const [near, setNear] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el || near) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && startTransition(() => setNear(true)), {
      rootMargin: `${margin} 0px`,
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref, margin, near])
  return near
}
