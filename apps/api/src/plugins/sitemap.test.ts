import type { FastifyInstance } from 'fastify'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { testConfig } from '../config.ts'
import { publishedTrainer } from '../modules/profiles/test-helpers.ts'
import { openTestDatabase } from '../testing/app.ts'

// The whole app on each database, serving a web build laid out as apps/web/scripts/prerender.mjs
// leaves it, on a public origin that is not the server's own address: the sitemap's build-time
// pages with their language versions and the trainers published at run time (decision 234), and
// the head of the four legal pages.
const origin = 'https://entrena.example'
const terms = { 'es-CL': '/terminos', en: '/en/terms', 'x-default': '/terminos' }
const privacy = { 'es-CL': '/privacidad', en: '/en/privacy', 'x-default': '/privacidad' }
const legal = [
  { path: '/terminos', file: 'pages/terminos.html', sitemap: true, alternates: terms },
  { path: '/privacidad', file: 'pages/privacidad.html', sitemap: true, alternates: privacy },
  { path: '/en/terms', file: 'pages/en-terms.html', sitemap: true, alternates: terms },
  { path: '/en/privacy', file: 'pages/en-privacy.html', sitemap: true, alternates: privacy },
]
const shell = (lang: string, title: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="UTF-8" /><title>${title}</title></head><body><div id="root"><h1>${title}</h1></div></body></html>`

let root: string
let app: FastifyInstance
let database: Awaited<ReturnType<typeof openTestDatabase>>

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sitemap-root-'))
  mkdirSync(join(root, 'pages'))
  writeFileSync(join(root, 'index.html'), shell('es', 'Entrenapp'))
  writeFileSync(join(root, 'app.html'), shell('es', 'Entrenapp'))
  for (const page of legal) writeFileSync(join(root, page.file), shell(page.path.startsWith('/en/') ? 'en' : 'es', page.path))
  writeFileSync(join(root, '.pages.json'), JSON.stringify([{ path: '/', file: 'index.html', sitemap: true }, ...legal]))
  database = await openTestDatabase()
  app = await buildApp({ config: testConfig({ APP_URL: origin }), database, mailAutoDeliver: false, webRoot: root })
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  await database?.drop()
  await database?.close().catch(() => {})
  rmSync(root, { recursive: true, force: true })
})

describe('/sitemap.xml (decision 234)', () => {
  it('lists the legal pages in both languages, each naming both versions, beside the published trainers', async () => {
    const trainer = await publishedTrainer(app)
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /)
    // The xhtml prefix is declared where it is used (Google's format for language versions).
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')

    const entries = [...res.body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!)
    const loc = (entry: string) => /<loc>([^<]+)<\/loc>/.exec(entry)![1]
    expect(entries.map(loc)).toEqual([
      `${origin}/`,
      ...legal.map((page) => `${origin}${page.path}`),
      `${origin}/entrenadores`,
      `${origin}/entrenadores/${trainer.slug}`,
    ])
    const versions = (entry: string) =>
      [...entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]])
    for (const page of legal)
      expect(versions(entries.find((e) => loc(e) === `${origin}${page.path}`)!), page.path).toEqual(
        Object.entries(page.alternates).map(([hreflang, path]) => [hreflang, `${origin}${path}`]),
      )
    // Pages with one language name none.
    for (const entry of entries.filter((e) => !legal.some((page) => loc(e) === `${origin}${page.path}`)))
      expect(versions(entry)).toEqual([])
  })
})

describe("the legal pages' <head> (decision 234)", () => {
  it('names the canonical URL and the Spanish, English and default versions, on APP_URL', async () => {
    for (const page of legal) {
      const res = await app.inject({ method: 'GET', url: page.path, headers: { 'accept-encoding': 'identity' } })
      expect(res.statusCode, page.path).toBe(200)
      const head = res.body.slice(0, res.body.indexOf('</head>'))
      expect(head).toContain(`<title>${page.path}</title>`)
      expect([...head.matchAll(/<link rel="canonical" href="([^"]+)" \/>/g)].map((m) => m[1])).toEqual([`${origin}${page.path}`])
      expect([...head.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => `${m[1]} ${m[2]}`)).toEqual(
        Object.entries(page.alternates).map(([hreflang, path]) => `${hreflang} ${origin}${path}`),
      )
    }
    // The landing page is sent as built.
    const landing = await app.inject({ method: 'GET', url: '/' })
    expect(landing.body).toBe(shell('es', 'Entrenapp'))
  })
})
