import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { showLanguage, storedLanguage, type Language } from '@/lib/language'
import { useShellText } from '@/lib/shell-text'

/**
 * Spec §1: 'Oops! Page not found', in the site's language (issue 23): the person's choice, else
 * the language of the part of the site the address belongs to (English under /business, the gym
 * management screens; Spanish elsewhere).
 */
export const notFoundLanguage = (pathname: string): Language =>
  storedLanguage() ?? (pathname === '/business' || pathname.startsWith('/business/') ? 'en' : 'es')

export function NotFoundPage() {
  const location = useLocation()
  const { t, language } = useShellText(notFoundLanguage(location.pathname))
  usePageMeta(t('notFound.pageTitle'))
  useEffect(() => showLanguage(language), [language])
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname)
  }, [location.pathname])
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted px-4">
      <div className="text-center">
        <h1 className="mb-4 text-4xl font-bold">404</h1>
        <p className="mb-4 text-xl text-muted-foreground">{t('notFound.title')}</p>
        <Link to="/" className="font-medium text-primary underline underline-offset-4 hover:text-primary/80">
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  )
}
