import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { Button, buttonVariants } from '@/components/layout/light-ui'

/** Shown when a screen throws or its code fails to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError()
  console.error(error)
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Algo salió mal al cargar esta página.'
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div className="max-w-md text-center">
        <h1 className="mb-2 text-2xl font-bold">Ups, ocurrió un error</h1>
        <p className="mb-6 text-muted-foreground">{message}</p>
        <div className="flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Recargar</Button>
          <Link to="/" data-slot="button" className={buttonVariants({ variant: 'outline' })}>
            Ir al inicio
          </Link>
        </div>
      </div>
    </main>
  )
}
