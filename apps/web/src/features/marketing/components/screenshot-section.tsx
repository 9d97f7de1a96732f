import { ScreenshotCarousel } from './screenshot-carousel'

export function ScreenshotSection() {
  return (
    <section aria-labelledby="screens-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
      <h2 id="screens-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
        Así se ve la app
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-muted-foreground">
        Tú gestionas desde el teléfono; tus clientes entrenan con su rutina en la mano.
      </p>
      <ScreenshotCarousel />
    </section>
  )
}
