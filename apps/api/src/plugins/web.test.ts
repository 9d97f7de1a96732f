import Fastify from 'fastify'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testConfig } from '../config.ts'
import webPlugin, { webInlineScriptHashes } from './web.ts'

// A web root as `npm run build` leaves it (apps/web/scripts/prerender.mjs), on a public origin
// that is not the server's own address.
const origin = 'https://entrena.example'
let root: string
const app = Fastify()

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'web-root-'))
  mkdirSync(join(root, 'pages'))
  writeFileSync(join(root, 'index.html'), '<title>landing</title>')
  writeFileSync(join(root, 'app.html'), '<div id="root"></div>')
  writeFileSync(join(root, 'pages/precios.html'), '<title>precios</title>')
  writeFileSync(join(root, 'pages/auth-login.html'), '<title>login</title>')
  writeFileSync(
    join(root, '.pages.json'),
    JSON.stringify([
      { path: '/', file: 'index.html', sitemap: true },
      { path: '/precios', file: 'pages/precios.html', sitemap: true },
      { path: '/auth/login', file: 'pages/auth-login.html', sitemap: false },
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
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect([...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([`${origin}/`, `${origin}/precios`])
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

  it('files and other paths carry no canonical link', async () => {
    const res = await app.inject({ method: 'GET', url: '/app.html' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['link']).toBeUndefined()
    // The page table is for the server only.
    expect((await app.inject({ method: 'GET', url: '/.pages.json' })).statusCode).toBe(404)
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
