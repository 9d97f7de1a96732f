import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel'
import { useEffect, useRef, useState, type RefObject } from 'react'

/**
 * Starts the carousel engine (embla, loaded on demand) on the viewport element once `load` is
 * true. The markup stays the same DOM before and after, so focus and clicks survive the start.
 * `options.startIndex` is read when the engine starts; later option changes re-init it.
 */
export function useCarouselEngine(
  viewport: RefObject<HTMLElement | null>,
  load: boolean,
  options: EmblaOptionsType,
): EmblaCarouselType | undefined {
  const [api, setApi] = useState<EmblaCarouselType>()
  const latest = useRef(options)
  latest.current = options

  useEffect(() => {
    if (!load) return
    let engine: EmblaCarouselType | undefined
    let cancelled = false
    import('embla-carousel')
      .then(({ default: EmblaCarousel }) => {
        const el = viewport.current
        if (cancelled || !el) return
        // The no-engine view scrolls the viewport; the engine moves the track instead.
        el.scrollLeft = 0
        engine = EmblaCarousel(el, latest.current)
        setApi(engine)
      })
      // Code that fails to arrive leaves the no-engine view working; nothing to report.
      .catch(() => undefined)
    return () => {
      cancelled = true
      engine?.destroy()
      setApi(undefined)
    }
  }, [load, viewport])

  // A changed preference (reduced motion → duration) applies to the running engine.
  const { duration } = options
  useEffect(() => {
    if (api && api.internalEngine().options.duration !== duration) api.reInit({ ...latest.current, startIndex: api.selectedScrollSnap() })
  }, [api, duration])

  return api
}
