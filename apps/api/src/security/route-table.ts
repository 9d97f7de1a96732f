import type { RouteOptions } from 'fastify'

/** Every route the app registered, with its schema (filled by the mock below, test files only). */
export const routes: RouteOptions[] = []

/**
 * For `vi.mock('fastify', …)`: the same module, whose factory adds an onRoute collector, so that
 * attack tables cover every route, including ones added after the table was written.
 */
export function withRouteTable<T extends { default: (...args: never[]) => unknown }>(fastify: T): T {
  const create = (...args: never[]) => {
    const app = fastify.default(...args) as { addHook(name: 'onRoute', hook: (route: RouteOptions) => void): unknown }
    app.addHook('onRoute', (route) => void routes.push(route))
    return app
  }
  return { ...fastify, default: create }
}
