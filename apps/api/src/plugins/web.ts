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
      setHeaders: (res, path) => {
        // Hashed file names never change; index.html must always be revalidated.
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
    app.decorate('spaRoot', root)
  },
  { name: 'web' },
)

declare module 'fastify' {
  interface FastifyInstance {
    spaRoot?: string
  }
}
