import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** apps/web/dist, seen from src/plugins (tsx, vitest) or from dist/ (built server). */
export const webRoot = [new URL('../../../web/dist', import.meta.url), new URL('../../web/dist', import.meta.url)]
  .map((u) => fileURLToPath(u))
  .find((dir) => existsSync(`${dir}/index.html`))

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
  }
}
