import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { headLinks, memoryPage, withHeadLinks } from './page-head.ts'

/** apps/web/dist, seen from src/plugins (tsx, vitest) or from dist/ (built server). */
export const webRoot = [new URL('../../../web/dist', import.meta.url), new URL('../../web/dist', import.meta.url)]
  .map((u) => fileURLToPath(u))
  .find((dir) => existsSync(`${dir}/index.html`))

/**
 * The hashes of the scripts the web build inlined into its HTML (early-clicks.js, decision 081),
 * for the Content-Security-Policy: those and no other inline script may run.
 */
export function webInlineScriptHashes(root = webRoot): string[] {
  const file = root && `${root}/.csp.json`
  if (!file || !existsSync(file)) return []
  const { scriptSrc } = JSON.parse(readFileSync(file, 'utf8')) as { scriptSrc?: unknown }
  return Array.isArray(scriptSrc) ? scriptSrc.filter((h): h is string => typeof h === 'string' && /^'sha256-[A-Za-z0-9+/=]+'$/.test(h)) : []
}

/** A page the web build rendered ahead (apps/web/scripts/prerender.mjs writes the table to dist/.pages.json). */
export interface PrerenderedPage {
  path: string
  /** Its HTML file, relative to the web root. */
  file: string
  /** Listed in /sitemap.xml. */
  sitemap: boolean
  /** Its language versions, hreflang → path (the legal pages, decision 234): in the sitemap and in its <head>. */
  alternates?: Record<string, string>
}

/**
 * Paths crawlers are asked to skip: signed-in areas, the sign-up steps after the first one (they
 * carry codes and tokens), password reset links, the API, dev and built-in provider surfaces. The public
 * pages and the sign-in and registration pages stay crawlable. docs/decisions/045.
 */
export const robotsDisallow = [
  '/api/',
  '/dev/',
  '/sandbox/',
  '/dashboard',
  '/business/dashboard',
  '/admin',
  // Client billing: invitation links carry a token; the client's own page is private.
  '/invitacion/',
  '/mi-suscripcion',
  // The client's booking pages (issue 21).
  '/cliente',
  '/recuperar-password',
  '/auth/verify',
  '/auth/select-plan',
  '/auth/checkout/',
  '/auth/stripe/',
  '/auth/onboarding/',
]

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Serves the built React app; any other GET that is not an API call gets index.html (client routing). */
export default fp(
  async function web(app: FastifyInstance, opts: { root?: string }) {
    const root = opts.root ?? webRoot
    if (!root) {
      app.log.warn('apps/web/dist not found: run `npm run build` to serve the web app')
      return
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The web build writes file.br and file.gz next to each text file (apps/web/vite.config.ts);
      // they are sent to clients that accept them, also for reply.sendFile (SPA fallback).
      preCompressed: true,
      // Our own cache-control below; otherwise `send` would overwrite it with `public, max-age=0`.
      cacheControl: false,
      setHeaders: (res, path) => {
        // Hashed file names never change; index.html must always be revalidated.
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
    // Files exist compressed and plain: caches must key them by Accept-Encoding (added after CORS's Vary).
    app.addHook('onSend', async (request, reply, payload) => {
      if (/^\/(?:api|dev|sandbox)(?:\/|$)/.test(request.url)) return payload
      const vary = reply.getHeader('vary')
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
      return payload
    })
    // Prerendered pages get their own HTML file; `/` is index.html (also sent by app.ts's not-found handler).
    const pagesFile = `${root}/.pages.json`
    const pages: PrerenderedPage[] = existsSync(pagesFile) ? (JSON.parse(readFileSync(pagesFile, 'utf8')) as PrerenderedPage[]) : []
    // Absolute URLs from the public origin (APP_URL), which differs between deployments.
    const origin = app.config.APP_URL
    for (const page of pages) {
      // A page with language versions names them, and its canonical URL, in its <head> (decision 234).
      if (page.alternates) {
        const html = withHeadLinks(readFileSync(`${root}/${page.file}`, 'utf8'), headLinks(origin, page.path, page.alternates))
        app.get(page.path, memoryPage(html))
      } else app.get(page.path, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile(page.file))
    }

    // The client's app gets its own shell (its code preloaded, today's session asked from the HTML:
    // issue 25, decision 226); its sign-in page keeps the plain one. Only when the build made it.
    if (existsSync(`${root}/cliente.html`)) {
      const clientShell = (request: FastifyRequest, reply: FastifyReply) =>
        request.url.split('?')[0]!.startsWith('/cliente/ingresar')
          ? reply.callNotFound()
          : reply.header('cache-control', 'no-cache').sendFile('cliente.html')
      app.get('/cliente', clientShell)
      app.get('/cliente/*', clientShell)
    }

    const canonical = new Map(pages.map((page) => [page.path, `${origin}${page.path}`]))
    app.get('/robots.txt', (_request, reply) => {
      const lines = [
        'User-agent: *',
        'Allow: /',
        ...robotsDisallow.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ]
      return reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(lines.join('\n'))
    })
    app.decorate('sitemapExtras', null)
    app.get('/sitemap.xml', async (_request, reply) => {
      const url = (path: string) => xmlEscape(`${origin}${path}`)
      // Each language version of a page names all of them, itself included (decision 234).
      const entry = (page: PrerenderedPage) =>
        page.alternates
          ? [
              '  <url>',
              `    <loc>${url(page.path)}</loc>`,
              ...Object.entries(page.alternates).map(
                ([hreflang, path]) => `    <xhtml:link rel="alternate" hreflang="${xmlEscape(hreflang)}" href="${url(path)}"/>`,
              ),
              '  </url>',
            ].join('\n')
          : `  <url><loc>${url(page.path)}</loc></url>`
      const urls = pages.filter((page) => page.sitemap).map(entry)
      // Pages that exist at run time (trainer profiles, issue 21), with their last change.
      for (const extra of (await app.sitemapExtras?.()) ?? [])
        urls.push(
          `  <url><loc>${xmlEscape(`${origin}${extra.path}`)}</loc>${extra.lastmod ? `<lastmod>${xmlEscape(extra.lastmod)}</lastmod>` : ''}</url>`,
        )
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        ...urls,
        '</urlset>',
        '',
      ].join('\n')
      return reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(xml)
    })
    // The canonical URL of each prerendered page, as an HTTP Link header (the HTML is built
    // before the origin is known): without query string, on the public origin.
    app.addHook('onSend', async (request, reply, payload) => {
      const url = request.method === 'GET' || request.method === 'HEAD' ? canonical.get(request.url.split('?')[0]) : undefined
      if (url && reply.statusCode === 200) reply.header('link', `<${url}>; rel="canonical"`)
      return payload
    })

    app.decorate('spaRoot', root)
    // The web build prerenders / into index.html and keeps the empty shell as app.html.
    app.decorate('spaShell', existsSync(`${root}/app.html`) ? 'app.html' : 'index.html')
  },
  { name: 'web' },
)

declare module 'fastify' {
  interface FastifyInstance {
    spaRoot?: string
    /** The HTML sent for client-routed pages other than / (the SPA fallback). */
    spaShell?: string
    /** Run-time pages for /sitemap.xml (set by the trainer pages, issue 21). */
    sitemapExtras: null | (() => Promise<{ path: string; lastmod?: string }[]>)
  }
}
