import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'

export function NotFoundPage() {
  const location = useLocation()
  usePageMeta('Page not found')
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname)
  }, [location.pathname])
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted px-4">
      <div className="text-center">
        <h1 className="mb-4 text-4xl font-bold">404</h1>
        <p className="mb-4 text-xl text-muted-foreground">Oops! Page not found</p>
        <Link to="/" className="font-medium text-primary underline underline-offset-4 hover:text-primary/80">
          Return to Home
        </Link>
      </div>
    </main>
  )
}
