// Build-time render of the public and sign-in pages (apps/web/scripts/prerender.mjs): their text is
// in the first HTML response, so the largest paint does not wait for JavaScript. Rendered like the
// browser's first render for a visitor without a session (with the plan catalogue the page embeds),
// so hydration finds the same markup.
import { StrictMode } from 'react'
import { useTranslation } from 'react-i18next'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, MemoryRouter, Route, Routes, StaticRouterProvider } from 'react-router'
import { Providers } from './app/providers'
import { routes } from './app/router'
import { prerenderedMeta } from './components/layout/page-title'
import { ClientShell } from './features/routines/components/client-shell'
import { prepareLanguage } from './lib/i18n'
import { pageLanguage, type Language } from './lib/language'
import { legalAlternates } from './lib/legal-pages'
import { plansSeed } from './lib/plans'
import { PlanListSchema, type Plan } from '@app/contracts'

export interface PrerenderedPage {
  html: string
  /** The page's own title and description (usePageMeta), for the <head> of its HTML file. */
  title?: string
  description?: string
  /** `<html lang>`: the language the page was rendered in (its default). */
  lang: Language
  /** The page has the language switch: a person who picked the other language gets a fresh render. */
  languageSwitch: boolean
  /** The page's language versions, hreflang → path (the legal pages, decision 234): the API puts them in the sitemap and the <head>. */
  alternates?: Record<string, string>
}

/** The catalogue read by scripts/prerender.mjs, checked against the API's contract. */
export const parsePlanList = (data: unknown): Plan[] => PlanListSchema.parse({ data }).data

/** `plans`: the catalogue to render plan cards with (decision 083); without it they render loading. */
export async function render(path: string, plans?: Plan[]): Promise<PrerenderedPage> {
  plansSeed.current = plans
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(new URL(path, 'http://localhost')))
  if (context instanceof Response) throw new Error(`${path} answered a redirect (${context.status})`)
  if (context.errors) throw new Error(`${path} failed to render: ${JSON.stringify(context.errors)}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const lang = pageLanguage.current
  const languageSwitch = (context.matches.at(-1)?.route.handle as { languageSwitch?: boolean } | undefined)?.languageSwitch === true

  delete prerenderedMeta.title
  delete prerenderedMeta.description
  const html = renderToString(
    <StrictMode>
      <Providers>
        {/* hydrate={false}: no inline hydration script (CSP script-src 'self'). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  )
  return { html, ...prerenderedMeta, lang, languageSwitch, alternates: legalAlternates(path) }
}

/** Where the island draws the day: the page's loading line until then. */
function IslandOutlet() {
  const { t } = useTranslation('routines', { keyPrefix: 'today' })
  return (
    <p role="status" data-island-day="">
      {t('workoutLoading')}
    </p>
  )
}

/**
 * The client's frame (header, tabs) around an empty "Hoy", in one language, for dist/cliente.html:
 * the HTML's own day (features/routines/island, decision 254) draws into `[data-island-day]`, so
 * that its frame is the app's own markup.
 */
export async function renderClientFrame(language: Language): Promise<string> {
  await prepareLanguage(language, ['routines'])
  return renderToString(
    <StrictMode>
      <Providers>
        <MemoryRouter initialEntries={['/cliente']}>
          <Routes>
            <Route element={<ClientShell />}>
              <Route path="/cliente" element={<IslandOutlet />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </Providers>
    </StrictMode>,
  )
}
