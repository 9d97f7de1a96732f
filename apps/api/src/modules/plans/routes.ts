import type { FastifyInstance } from 'fastify'

// Routes of this module are added by the issue that builds it.
export default async function plansRoutes(_app: FastifyInstance) {}
