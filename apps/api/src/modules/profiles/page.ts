import { TrainerSearchQuerySchema, type TrainerSearchPage } from '@app/contracts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { brand } from '../../brand.ts'
import { HttpError } from '../../errors.ts'
import { trainerReviews } from '../reviews/service.ts'
import { frame, personJsonLd, profileMarkup, searchMarkup, escapeHtml as h } from './page-markup.ts'
import { searchTrainers } from './search.ts'
import { listedProfile, sitemapProfiles } from './service.ts'

/**
 * /entrenadores and /entrenadores/:slug rendered by the API on each request (decision 143):
 * profiles change at run time, so a build-time prerender would be stale and an on-demand one
 * would need invalidation. The markup goes into the web build's shell (app.html) with the
 * page's title, description, Open Graph, canonical URL and schema.org JSON-LD. The HTML works as it
 * is (a GET form, links); the app leaves it alone (src/main.tsx, data-prerendered="server") and
 * renders the same pages itself when reached by client-side navigation, from the embedded data.
 */
export default fp(
  async function trainerPages(app: FastifyInstance) {
    const root = app.spaRoot
    const shellFile = root && (existsSync(`${root}/app.html`) ? `${root}/app.html` : `${root}/index.html`)
    if (!shellFile) return
    const shell = readFileSync(shellFile, 'utf8')
    const origin = app.config.APP_URL
    app.sitemapExtras = async () => [
      { path: '/entrenadores' },
      ...(await sitemapProfiles(app)).data.map((p) => ({ path: `/entrenadores/${p.slug}`, lastmod: p.updatedAt })),
    ]

    const dataBlock = (id: string, key: string, data: unknown) =>
      `<script type="application/json" id="${id}" data-key="${h(key)}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`

    function document(opts: {
      title: string
      description: string
      path: string
      body: string
      data: string
      jsonLd?: unknown
      image?: string
      type?: string
    }) {
      const title = `${opts.title} · ${brand.name}`
      let html = shell
        .replace(/<title>[^<]*<\/title>/, `<title>${h(title)}</title>`)
        .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, `$1${h(opts.description)}$2`)
        .replace(/(<meta property="og:title" content=")[^"]*(")/, `$1${h(title)}$2`)
        .replace(/(<meta property="og:description" content=")[^"]*(")/, `$1${h(opts.description)}$2`)
        .replace(/(<meta property="og:type" content=")[^"]*(")/, `$1${opts.type ?? 'website'}$2`)
      if (opts.image)
        html = html
          .replace(/(<meta property="og:image" content=")[^"]*(")/, `$1${h(opts.image)}$2`)
          .replace(/(<meta property="og:image:type" content=")[^"]*(")/, '$1image/webp$2')
          .replace(/(<meta property="og:image:width" content=")[^"]*(")/, '$1480$2')
          .replace(/(<meta property="og:image:height" content=")[^"]*(")/, '$1480$2')
      const head = [
        `<link rel="canonical" href="${h(`${origin}${opts.path}`)}">`,
        `<meta property="og:url" content="${h(`${origin}${opts.path}`)}">`,
        opts.jsonLd ? `<script type="application/ld+json">${JSON.stringify(opts.jsonLd).replace(/</g, '\\u003c')}</script>` : '',
      ].join('')
      return html
        .replace('</head>', `${head}</head>`)
        .replace('<div id="root"></div>', `<div id="root" data-prerendered="server">${frame(brand.name, opts.body)}</div>${opts.data}`)
    }

    function send(reply: FastifyReply, html: string, status = 200) {
      const etag = `"${createHash('sha1').update(html).digest('base64url')}"`
      if (reply.request.headers['if-none-match'] === etag) return reply.code(304).send()
      // Short: a profile edit or a new review shows within a minute (decision 143).
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=60')
        .header('etag', etag)
        .send(html)
    }

    app.get(
      '/entrenadores',
      { schema: { hide: true }, preHandler: app.limit('trainer-pages', { max: 300, windowMs: 60_000 }) },
      async (request, reply) => {
        const parsed = TrainerSearchQuerySchema.safeParse(request.query)
        const query = parsed.success ? parsed.data : TrainerSearchQuerySchema.parse({})
        let page: TrainerSearchPage | null = null
        try {
          page = await searchTrainers(app, query)
        } catch (err) {
          if (!(err instanceof HttpError)) throw err
        }
        const { cursor: _c, limit: _l, ...filters } = query
        const params = new URLSearchParams(
          Object.entries(filters).flatMap(([k, v]): [string, string][] => (v === undefined || v === '' ? [] : [[k, String(v)]])),
        )
        const next = page?.nextCursor
          ? `/entrenadores?${new URLSearchParams([...params, ['cursor', page.nextCursor] as [string, string]]).toString()}`
          : null
        const keyParams = new URLSearchParams([...params, ...(query.cursor ? [['cursor', query.cursor] as [string, string]] : [])])
        return send(
          reply,
          document({
            title: 'Encuentra tu entrenador personal',
            description: 'Busca entrenadores personales certificados por especialidad, comuna y modalidad, con precios en pesos y reseñas.',
            path: '/entrenadores',
            body: searchMarkup(filters, page?.data ?? null, next),
            data: page ? dataBlock('trainer-search-data', `?${keyParams.toString()}`, page) : '',
          }),
        )
      },
    )

    app.get<{ Params: { slug: string } }>(
      '/entrenadores/:slug',
      { schema: { hide: true }, preHandler: app.limit('trainer-pages', { max: 300, windowMs: 60_000 }) },
      async (request, reply) => {
        const slug = request.params.slug.toLowerCase()
        let found
        try {
          found = await listedProfile(app, slug)
        } catch (err) {
          if (err instanceof HttpError && err.status === 404)
            return reply.code(404).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shell)
          throw err
        }
        const p = found.profile
        const reviews = await trainerReviews(app, p.slug, undefined, 20)
        const path = `/entrenadores/${p.slug}`
        return send(
          reply,
          document({
            title: `${p.firstName} ${p.lastName}, entrenador personal`,
            description:
              p.headline || `Entrenador personal${p.comuna ? ` en ${p.comuna}` : ''}. Revisa sus planes, precios y reseñas, y reserva.`,
            path,
            type: 'profile',
            image: p.photoUrl ? `${origin}${p.photoUrl}` : undefined,
            body: profileMarkup(p, reviews.data),
            data: dataBlock('trainer-profile-data', p.slug, p),
            jsonLd: personJsonLd(p, `${origin}${path}`, origin),
          }),
        )
      },
    )
  },
  { name: 'trainer-pages', dependencies: ['web'] },
)
