import Fastify from 'fastify'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testConfig } from '../config.ts'
import webPlugin, { webInlineScriptHashes } from './web.ts'

// A web root as `npm run build` leaves it (apps/web/scripts/prerender.mjs), on a public origin
// that is not the server's own address.
const origin = 'https://entrena.example'
let root: string
const app = Fastify()
// The language versions the web build gives each legal page (lib/legal-pages.ts, decision 234).
const terms = { 'es-CL': '/terminos', en: '/en/terms', 'x-default': '/terminos' }
const legalHtml = (name: string) => `<!doctype html><html><head><title>${name}</title></head><body><h1>${name}</h1></body></html>`

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'web-root-'))
  mkdirSync(join(root, 'pages'))
  writeFileSync(join(root, 'index.html'), '<title>landing</title>')
  writeFileSync(join(root, 'app.html'), '<div id="root"></div>')
  writeFileSync(join(root, 'cliente.html'), '<link rel="modulepreload" href="/assets/today.js"><div id="root"></div>')
  writeFileSync(join(root, 'pages/precios.html'), '<title>precios</title>')
  writeFileSync(join(root, 'pages/auth-login.html'), '<title>login</title>')
  for (const name of ['terminos', 'en-terms']) writeFileSync(join(root, `pages/${name}.html`), legalHtml(name))
  writeFileSync(
    join(root, '.pages.json'),
    JSON.stringify([
      { path: '/', file: 'index.html', sitemap: true },
      { path: '/precios', file: 'pages/precios.html', sitemap: true },
      { path: '/auth/login', file: 'pages/auth-login.html', sitemap: false },
      { path: '/terminos', file: 'pages/terminos.html', sitemap: true, alternates: terms },
      { path: '/en/terms', file: 'pages/en-terms.html', sitemap: true, alternates: terms },
    ]),
  )
  app.decorate('config', testConfig({ APP_URL: origin }))
  await app.register(webPlugin, { root })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  rmSync(root, { recursive: true, force: true })
})

describe('web plugin: robots.txt, sitemap.xml and canonical URLs', () => {
  it('robots.txt allows the public and sign-in pages, disallows signed-in areas and the API, and points to the sitemap', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    const lines = res.body.split('\n')
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /'])
    for (const path of [
      '/api/',
      '/dashboard',
      '/business/dashboard',
      '/auth/verify',
      '/auth/select-plan',
      '/recuperar-password',
      '/admin',
      '/invitacion/',
      '/mi-suscripcion',
    ])
      expect(lines).toContain(`Disallow: ${path}`)
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length))
    for (const page of [
      '/',
      '/precios',
      '/privacidad',
      '/terminos',
      '/auth/login',
      '/auth/register',
      '/business/login',
      '/business/registro',
    ]) {
      expect(
        disallowed.filter((prefix) => page.startsWith(prefix)),
        page,
      ).toEqual([])
    }
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`)
  })

  it('sitemap.xml lists the pages marked for it, as absolute URLs on APP_URL', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/xml')
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"')
    expect([...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      `${origin}/`,
      `${origin}/precios`,
      `${origin}/terminos`,
      `${origin}/en/terms`,
    ])
  })

  it('sitemap.xml names both language versions of a legal page, and Spanish for any other language (decision 234)', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')
    const entries = [...res.body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!)
    const links = (entry: string) =>
      [...entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => `${m[1]} ${m[2]}`)
    const versions = [`es-CL ${origin}/terminos`, `en ${origin}/en/terms`, `x-default ${origin}/terminos`]
    for (const path of ['/terminos', '/en/terms']) {
      const entry = entries.find((e) => e.includes(`<loc>${origin}${path}</loc>`))
      expect(entry && links(entry), path).toEqual(versions)
    }
    // Pages with one language have none.
    expect(links(entries.find((e) => e.includes(`<loc>${origin}/precios</loc>`))!)).toEqual([])
  })

  it('a prerendered page is its own HTML file with a canonical Link header without the query string', async () => {
    const res = await app.inject({ method: 'GET', url: '/precios?utm_source=x' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('<title>precios</title>')
    expect(res.headers['link']).toBe(`<${origin}/precios>; rel="canonical"`)
    expect(res.headers['cache-control']).toBe('no-cache')
    const login = await app.inject({ method: 'GET', url: '/auth/login' })
    expect(login.headers['link']).toBe(`<${origin}/auth/login>; rel="canonical"`)
  })

  it('a legal page names its canonical URL and both language versions in its <head>, on APP_URL (decision 234)', async () => {
    for (const [path, name] of [
      ['/terminos', 'terminos'],
      ['/en/terms', 'en-terms'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: `${path}?utm_source=x` })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.headers['link']).toBe(`<${origin}${path}>; rel="canonical"`)
      const head = res.body.slice(0, res.body.indexOf('</head>'))
      expect(head).toContain(`<title>${name}</title>`)
      expect(head).toContain(`<link rel="canonical" href="${origin}${path}" />`)
      expect([...head.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => `${m[1]} ${m[2]}`)).toEqual([
        `es-CL ${origin}/terminos`,
        `en ${origin}/en/terms`,
        `x-default ${origin}/terminos`,
      ])
      expect(res.body).toContain(`<h1>${name}</h1>`)
    }
  })

  it('a legal page is sent compressed as the build compresses its files, and revalidated by its ETag', async () => {
    const plain = await app.inject({ method: 'GET', url: '/terminos', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['vary']).toContain('Accept-Encoding')
    const br = await app.inject({ method: 'GET', url: '/terminos', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    const gz = await app.inject({ method: 'GET', url: '/terminos', headers: { 'accept-encoding': 'gzip, br;q=0' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body)
    // Each encoding its own tag; an unchanged page is not sent again.
    expect(new Set([plain, br, gz].map((r) => r.headers['etag'])).size).toBe(3)
    const again = await app.inject({
      method: 'GET',
      url: '/terminos',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers['etag']) },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const head = await app.inject({ method: 'HEAD', url: '/en/terms' })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8')
  })

  it('files and other paths carry no canonical link', async () => {
    const res = await app.inject({ method: 'GET', url: '/app.html' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['link']).toBeUndefined()
    // The page table is for the server only.
    expect((await app.inject({ method: 'GET', url: '/.pages.json' })).statusCode).toBe(404)
  })
})

describe("web plugin: the client's app shell (issue 25, decision 226)", () => {
  it('answers /cliente and its pages with cliente.html, never cached without revalidation; its sign-in page is not', async () => {
    for (const url of ['/cliente', '/cliente/', '/cliente/progreso', '/cliente/reservas?x=1']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain('modulepreload')
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
    // Left to the app's not-found handler (the plain shell); none in this test app.
    const signIn = await app.inject({ method: 'GET', url: '/cliente/ingresar?next=%2Fcliente' })
    expect(signIn.body).not.toContain('modulepreload')
  })
})

describe('web plugin: the inline scripts the CSP allows (decision 081)', () => {
  it("reads the build's hashes and keeps only well-formed sha256 sources", () => {
    const dir = mkdtempSync(join(tmpdir(), 'web-csp-'))
    try {
      expect(webInlineScriptHashes(dir)).toEqual([])
      const good = "'sha256-7Tolp8cTPS3DvImcCQlXq/eeKCkxl//NLOdAWA56vSw='"
      writeFileSync(join(dir, '.csp.json'), JSON.stringify({ scriptSrc: [good, "'unsafe-inline'", '*', "'sha256-x' 'unsafe-eval'"] }))
      expect(webInlineScriptHashes(dir)).toEqual([good])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
