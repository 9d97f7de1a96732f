import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react'
import type { Ref } from 'react'
import { Button } from '@/components/layout/light-ui'
import { clsx as cn } from 'clsx'
import { carouselSlides } from '../content'

export interface CarouselViewProps {
  regionRef: Ref<HTMLDivElement>
  viewportRef: Ref<HTMLDivElement>
  /** The engine (embla) has started: swipe and animated moves. */
  ready: boolean
  selected: number
  playing: boolean
  stopped: boolean
  onToggle: () => void
  onPrev: () => void
  onNext: () => void
  onSelect: (index: number) => void
  onHover: (hovered: boolean) => void
  onFocusWithin: (focused: boolean) => void
}

/** The carousel's markup: one DOM before and after the engine starts, so nothing moves or loses focus. */
export function CarouselView(props: CarouselViewProps) {
  const { regionRef, viewportRef, ready, selected, playing, stopped, onToggle, onPrev, onNext, onSelect, onHover, onFocusWithin } = props
  return (
    <div
      ref={regionRef}
      role="region"
      aria-roledescription="carrusel"
      aria-label="Capturas de la app"
      data-playing={playing}
      data-engine={ready ? 'ready' : 'off'}
      className="mx-auto mt-10 max-w-3xl"
      onMouseEnter={() => onHover(true)}
      onMouseLeave={() => onHover(false)}
      onFocus={() => onFocusWithin(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && onFocusWithin(false)}
    >
      <div className="flex items-center justify-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onToggle}>
          {stopped ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
          {stopped ? 'Reproducir carrusel' : 'Pausar carrusel'}
        </Button>
      </div>
      <div className="relative mt-4">
        <div ref={viewportRef} className="overflow-hidden rounded-2xl">
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
        <Button type="button" variant="outline" size="icon" className="absolute top-1/2 left-0 -translate-y-1/2 rounded-full" onClick={onPrev}>
          <ChevronLeft aria-hidden="true" />
          <span className="sr-only">Captura anterior</span>
        </Button>
        <Button type="button" variant="outline" size="icon" className="absolute top-1/2 right-0 -translate-y-1/2 rounded-full" onClick={onNext}>
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
            onClick={() => onSelect(i)}
            className="group flex size-8 items-center justify-center rounded-full"
          >
            <span className={cn('block h-2.5 rounded-full transition-all', i === selected ? 'w-6 bg-primary' : 'w-2.5 bg-foreground/30 group-hover:bg-foreground/50')} />
          </button>
        ))}
      </div>
    </div>
  )
}
