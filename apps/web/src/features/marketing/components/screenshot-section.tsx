import { lazy, Suspense, useRef } from 'react'
import { useNearViewport } from '../hooks/use-near-viewport'
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion'
import { CarouselView } from './screenshot-carousel-view'

// The carousel engine (embla) loads as the section nears the viewport (decision 011).
const ScreenshotCarousel = lazy(() => import('./screenshot-carousel'))

export function ScreenshotSection() {
  const box = useRef<HTMLElement>(null)
  const near = useNearViewport(box)
  const reducedMotion = usePrefersReducedMotion()
  const still = <CarouselView selected={0} playing={false} stopped={reducedMotion} />
  return (
    <section ref={box} aria-labelledby="screens-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
      <h2 id="screens-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">Así se ve la app</h2>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-muted-foreground">Tú gestionas desde el teléfono; tus clientes entrenan con su rutina en la mano.</p>
      {/* One swap, still view → engine, when its code has arrived (near is set in a transition). */}
      <Suspense fallback={still}>{near ? <ScreenshotCarousel /> : still}</Suspense>
    </section>
  )
}
