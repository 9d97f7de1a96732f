import { lazy, Suspense, useRef } from 'react'
import { useNearViewport } from '../hooks/use-near-viewport'

// The form code (react-hook-form, zod, toasts) downloads when the section comes near the
// viewport, not with the landing page (decision 011). The box keeps its height either way.
const AccessRequestForm = lazy(() => import('./access-request-form'))

function FormPlaceholder() {
  return (
    <div aria-hidden="true" className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="grid gap-2">
            <div className="h-3.5 w-24 rounded bg-muted" />
            <div className="h-10 rounded-md border border-input" />
          </div>
        ))}
      </div>
      <div className="min-h-5" />
      <div className="h-12 w-full rounded-md bg-primary/60 sm:w-56" />
    </div>
  )
}

export function AccessRequestSection() {
  const box = useRef<HTMLDivElement>(null)
  const near = useNearViewport(box)

  return (
    <section id="free-access" aria-labelledby="free-access-title" className="scroll-mt-16 bg-gradient-to-b from-background to-accent/70">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 md:py-24">
        <h2 id="free-access-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
          Solicita tu acceso gratuito
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-center text-lg text-muted-foreground">
          Déjanos tus datos y te contactaremos por WhatsApp para activar tu cuenta de entrenador.
        </p>
        <div ref={box} className="mt-10 rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
          {near ? (
            <Suspense fallback={<FormPlaceholder />}>
              <AccessRequestForm />
            </Suspense>
          ) : (
            <FormPlaceholder />
          )}
        </div>
      </div>
    </section>
  )
}
