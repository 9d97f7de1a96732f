import type { FastifyInstance } from 'fastify'

// The sandbox payment provider's pages (/sandbox/...), added by the billing issue.
export default async function sandboxRoutes(_app: FastifyInstance) {}
