import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { Button, buttonVariants } from '@/components/layout/light-ui'
import { useShellText } from '@/lib/shell-text'

/** Shown when a screen throws or its code fails to load (e.g. after a deploy), in the page's language. */
export function RouteError() {
  const error = useRouteError()
  const { t } = useShellText()
  console.error(error)
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : t('routeError.message')
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div className="max-w-md text-center">
        <h1 className="mb-2 text-2xl font-bold">{t('routeError.title')}</h1>
        <p className="mb-6 text-muted-foreground">{message}</p>
        <div className="flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
          <Link to="/" data-slot="button" className={buttonVariants({ variant: 'outline' })}>
            {t('routeError.home')}
          </Link>
        </div>
      </div>
    </main>
  )
}
