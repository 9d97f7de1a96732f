import type { FastifyReply, FastifyRequest } from 'fastify'
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

// A prerendered page whose <head> needs the public origin (decision 234): the web build cannot
// know it, so the server writes the links at start-up and sends the page from memory, compressed
// as the build compresses its files (brotli 11, gzip 9) on first use, since the prebuilt .br and .gz lack them.

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** The canonical URL and each language version (hreflang → path), as absolute URLs on `origin`. */
export function headLinks(origin: string, path: string, alternates: Record<string, string>): string {
  const link = (rel: string, href: string, hreflang?: string) =>
    `<link rel="${rel}"${hreflang ? ` hreflang="${attribute(hreflang)}"` : ''} href="${attribute(`${origin}${href}`)}" />`
  return [link('canonical', path), ...Object.entries(alternates).map(([hreflang, href]) => link('alternate', href, hreflang))].join('')
}

/** `links` at the end of the <head>; a page that has its own canonical link keeps only that one. */
export function withHeadLinks(html: string, links: string): string {
  if (!html.includes('</head>')) throw new Error('a prerendered page has no </head>')
  const own = /<link rel="canonical"/.test(html) ? links.replace(/<link rel="canonical"[^>]*>/, '') : links
  return html.replace('</head>', () => `${own}</head>`)
}

/** The encoding to send: brotli, else gzip, else none (what the client accepts, with q > 0). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  )
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined
}

/**
 * An HTML page held in memory with its compressed forms, each made once, by the first request
 * that asks for it: about 0.1 s of CPU per page at these levels, which every start of the server
 * (and every test app) would otherwise pay for pages most starts never send.
 */
export function memoryPage(html: string) {
  const body = Buffer.from(html)
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`
  const make = {
    br: () => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: () => promisify(gzip)(body, { level: 9 }),
  }
  const compressed: Partial<Record<keyof typeof make, Promise<Buffer>>> = {}
  // A failure is that request's 500; the next request tries again.
  const compress = (encoding: keyof typeof make) =>
    (compressed[encoding] ??= make[encoding]().catch((err: unknown) => {
      delete compressed[encoding]
      throw err
    }))

  return async function send(request: FastifyRequest, reply: FastifyReply) {
    const encoding = pickEncoding(request.headers['accept-encoding'])
    // One tag per encoding: the bytes differ (RFC 9110 §8.8.3).
    const tag = encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag
    reply.header('cache-control', 'no-cache').header('etag', tag).type('text/html; charset=utf-8')
    const asked = request.headers['if-none-match']
    if (asked && asked.split(',').some((t) => t.trim().replace(/^W\//, '') === tag)) return reply.code(304).send()
    if (!encoding) return reply.send(body)
    return reply.header('content-encoding', encoding).send(await compress(encoding))
  }
}
