import useEmblaCarousel from 'embla-carousel-react'
import { useEffect, useState } from 'react'
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion'
import { CarouselView } from './screenshot-carousel-view'

/** Spec §9: the carousel advances every 4 seconds. */
export const CAROUSEL_INTERVAL_MS = 4000

/**
 * Three screenshots of the mobile app. It advances on its own every 4 s, except while the pointer
 * is over it, while focus is inside it, when the visitor stopped it, or when they prefer reduced
 * motion (then it starts stopped). Pattern: WAI-ARIA APG carousel.
 */
export default function ScreenshotCarousel() {
  const reducedMotion = usePrefersReducedMotion()
  const [viewportRef, emblaApi] = useEmblaCarousel({ loop: true, duration: reducedMotion ? 1 : 25 })
  const [selected, setSelected] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(reducedMotion)
  const playing = !stopped && !hovered && !focused

  useEffect(() => {
    if (reducedMotion) setStopped(true)
  }, [reducedMotion])

  useEffect(() => {
    if (!emblaApi) return
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap())
    onSelect()
    emblaApi.on('select', onSelect).on('reInit', onSelect)
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect)
    }
  }, [emblaApi])

  useEffect(() => {
    if (!emblaApi || !playing) return
    const timer = setInterval(() => emblaApi.scrollNext(), CAROUSEL_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [emblaApi, playing])

  return (
    <CarouselView
      viewportRef={viewportRef}
      selected={selected}
      playing={playing}
      stopped={stopped}
      onToggle={() => setStopped((s) => !s)}
      onPrev={() => emblaApi?.scrollPrev()}
      onNext={() => emblaApi?.scrollNext()}
      onSelect={(i) => emblaApi?.scrollTo(i)}
      onHover={setHovered}
      onFocusWithin={setFocused}
    />
  )
}
