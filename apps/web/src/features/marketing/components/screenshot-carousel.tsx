import { clsx as cn } from 'clsx'
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Button } from '@/components/layout/light-ui'
import { carouselSlides } from '../content'
import { useCarouselEngine } from '../hooks/use-carousel-engine'
import { useNearViewport } from '../hooks/use-near-viewport'
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion'

/** Spec §9: the carousel advances every 4 seconds. */
export const CAROUSEL_INTERVAL_MS = 4000

const count = carouselSlides.length

/**
 * Three screenshots of the mobile app. It advances on its own every 4 s, except while the pointer
 * is over it, while focus is inside it, when the visitor stopped it, or when they prefer reduced
 * motion (then it starts stopped). Pattern: WAI-ARIA APG carousel.
 *
 * The engine (embla, for swipe and animation) loads as the section nears the viewport
 * (decision 011) on the same DOM, so nothing moves or loses focus; until then the controls
 * still work by scrolling the viewport.
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
    <div
      ref={region}
      role="region"
      aria-roledescription="carrusel"
      aria-label="Capturas de la app"
      data-playing={playing}
      data-engine={api ? 'ready' : 'off'}
      data-hydrate="visible"
      className="mx-auto mt-10 max-w-3xl"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setFocused(false)}
    >
      <div className="flex items-center justify-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setStopped((s) => !s)}>
          {stopped ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
          {stopped ? 'Reproducir carrusel' : 'Pausar carrusel'}
        </Button>
      </div>
      <div className="relative mt-4">
        <div ref={viewport} className="overflow-hidden rounded-2xl">
          <div className="flex touch-pan-y" aria-live={playing ? 'off' : 'polite'}>
            {carouselSlides.map((slide, i) => (
              <div
                key={slide.src}
                role="group"
                aria-roledescription="diapositiva"
                aria-label={`${i + 1} de ${carouselSlides.length}: ${slide.title}`}
                aria-hidden={i !== selected}
                inert={i !== selected}
                className="min-w-0 flex-[0_0_100%] px-12"
              >
                <figure className="flex flex-col items-center gap-6 md:flex-row md:justify-center md:gap-10">
                  <img
                    src={`${slide.src}-600.webp`}
                    srcSet={`${slide.src}-300.webp 300w, ${slide.src}-600.webp 600w`}
                    sizes="240px"
                    width={300}
                    height={600}
                    loading="lazy"
                    decoding="async"
                    alt={`Captura de la app: ${slide.title.toLowerCase()}`}
                    className="h-auto w-[240px] rounded-[2rem] border-8 border-foreground/90 bg-muted shadow-xl"
                  />
                  <figcaption className="max-w-xs text-center md:text-left">
                    <span className="block text-xl font-semibold">{slide.title}</span>
                    <span className="mt-2 block text-muted-foreground">{slide.text}</span>
                  </figcaption>
                </figure>
              </div>
            ))}
          </div>
        </div>
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="absolute top-1/2 left-0 -translate-y-1/2 rounded-full"
          onClick={() => step(-1)}
        >
          <ChevronLeft aria-hidden="true" />
          <span className="sr-only">Captura anterior</span>
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="absolute top-1/2 right-0 -translate-y-1/2 rounded-full"
          onClick={() => step(1)}
        >
          <ChevronRight aria-hidden="true" />
          <span className="sr-only">Captura siguiente</span>
        </Button>
      </div>
      <div className="mt-6 flex justify-center gap-1">
        {carouselSlides.map((slide, i) => (
          <button
            key={slide.src}
            type="button"
            aria-label={`Ver captura ${i + 1}: ${slide.title}`}
            aria-current={i === selected ? 'true' : undefined}
            onClick={() => goTo(i)}
            className="group flex size-8 items-center justify-center rounded-full"
          >
            <span
              className={cn(
                'block h-2.5 rounded-full transition-all',
                i === selected ? 'w-6 bg-primary' : 'w-2.5 bg-foreground/30 group-hover:bg-foreground/50',
              )}
            />
          </button>
        ))}
      </div>
    </div>
  )
}
