import { useCallback, useEffect, useRef, useState } from 'react'
import { carouselSlides } from '../content'
import { useCarouselEngine } from '../hooks/use-carousel-engine'
import { useNearViewport } from '../hooks/use-near-viewport'
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion'
import { CarouselView } from './screenshot-carousel-view'

/** Spec §9: the carousel advances every 4 seconds. */
export const CAROUSEL_INTERVAL_MS = 4000

const count = carouselSlides.length

/**
 * Three screenshots of the mobile app. It advances on its own every 4 s, except while the pointer
 * is over it, while focus is inside it, when the visitor stopped it, or when they prefer reduced
 * motion (then it starts stopped). Pattern: WAI-ARIA APG carousel.
 *
 * The engine (embla, for swipe and animation) loads as the section nears the viewport
 * (decision 011); until then the controls still work by scrolling the viewport.
 */
export function ScreenshotCarousel() {
  const viewport = useRef<HTMLDivElement>(null)
  const region = useRef<HTMLDivElement>(null)
  const reducedMotion = usePrefersReducedMotion()
  const [selected, setSelected] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(reducedMotion)
  const near = useNearViewport(region)
  const api = useCarouselEngine(viewport, near, { loop: true, duration: reducedMotion ? 1 : 25, startIndex: selected })
  const playing = !stopped && !hovered && !focused

  useEffect(() => {
    if (reducedMotion) setStopped(true)
  }, [reducedMotion])

  useEffect(() => {
    if (!api) return
    const onSelect = () => setSelected(api.selectedScrollSnap())
    onSelect()
    api.on('select', onSelect).on('reInit', onSelect)
    return () => {
      api.off('select', onSelect).off('reInit', onSelect)
    }
  }, [api])

  // Without the engine (not loaded yet, or its code failed to arrive) the viewport scrolls.
  useEffect(() => {
    const el = viewport.current
    if (!api && el) el.scrollLeft = selected * el.clientWidth
  }, [api, selected])

  const step = useCallback(
    (by: 1 | -1) => {
      if (api) return by === 1 ? api.scrollNext() : api.scrollPrev()
      setSelected((s) => (s + by + count) % count)
    },
    [api],
  )
  const goTo = (index: number) => (api ? api.scrollTo(index) : setSelected(index))

  useEffect(() => {
    if (!near || !playing) return
    const timer = setInterval(() => step(1), CAROUSEL_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [near, playing, step])

  return (
    <CarouselView
      regionRef={region}
      viewportRef={viewport}
      ready={api !== undefined}
      selected={selected}
      playing={playing}
      stopped={stopped}
      onToggle={() => setStopped((s) => !s)}
      onPrev={() => step(-1)}
      onNext={() => step(1)}
      onSelect={goTo}
      onHover={setHovered}
      onFocusWithin={setFocused}
    />
  )
}
