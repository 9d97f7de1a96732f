import useEmblaCarousel from 'embla-carousel-react'
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import { carouselSlides } from '../content'
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion'

/** Spec §9: the carousel advances every 4 seconds. */
export const CAROUSEL_INTERVAL_MS = 4000

/**
 * Three screenshots of the mobile app. It advances on its own every 4 s, except while the pointer
 * is over it, while focus is inside it, when the visitor stopped it, or when they prefer reduced
 * motion (then it starts stopped). Pattern: WAI-ARIA APG carousel.
 */
export function ScreenshotCarousel() {
  const reducedMotion = usePrefersReducedMotion()
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true, duration: reducedMotion ? 1 : 25 })
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

  const scrollTo = useCallback((index: number) => emblaApi?.scrollTo(index), [emblaApi])

  return (
    <section aria-labelledby="screens-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
      <h2 id="screens-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">Así se ve la app</h2>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-muted-foreground">Tú gestionas desde el teléfono; tus clientes entrenan con su rutina en la mano.</p>
      <div
        role="region"
        aria-roledescription="carrusel"
        aria-label="Capturas de la app"
        data-playing={playing}
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
          <div ref={emblaRef} className="overflow-hidden rounded-2xl">
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
          <Button type="button" variant="outline" size="icon" className="absolute top-1/2 left-0 -translate-y-1/2 rounded-full" onClick={() => emblaApi?.scrollPrev()}>
            <ChevronLeft aria-hidden="true" />
            <span className="sr-only">Captura anterior</span>
          </Button>
          <Button type="button" variant="outline" size="icon" className="absolute top-1/2 right-0 -translate-y-1/2 rounded-full" onClick={() => emblaApi?.scrollNext()}>
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
              onClick={() => scrollTo(i)}
              className="group flex size-8 items-center justify-center rounded-full"
            >
              <span className={cn('block h-2.5 rounded-full transition-all', i === selected ? 'w-6 bg-primary' : 'w-2.5 bg-foreground/30 group-hover:bg-foreground/50')} />
            </button>
          ))}
        </div>
      </div>
    </section>
  )
}
