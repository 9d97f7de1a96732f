import type { FastifyInstance } from 'fastify'

// Routes of this module are added by the issue that builds it.
export default async function formsRoutes(_app: FastifyInstance) {}
