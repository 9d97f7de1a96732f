import type { FastifyInstance } from 'fastify'
import auditRoutes from './audit-routes.ts'
import backupsRoutes from './backups-routes.ts'
import businessesRoutes from './businesses-routes.ts'
import leadsRoutes from './leads-routes.ts'
import moneyRoutes from './money-routes.ts'
import privacyRequestsRoutes from './privacy-routes.ts'
import trainersRoutes from './trainers-routes.ts'
import systemRoutes from './system-routes.ts'

/**
 * The operator console's API (issue 13; docs/admin-console.md). Platform operators only (role
 * platform_admin, created with `npm run admin:create`): the business roles (gym_owner, admin)
 * cannot reach these routes and platform_admin gets no business area.
 */
export default async function adminRoutes(app: FastifyInstance) {
  await app.register(leadsRoutes)
  await app.register(trainersRoutes)
  await app.register(businessesRoutes)
  await app.register(moneyRoutes)
  await app.register(auditRoutes)
  await app.register(systemRoutes)
  await app.register(backupsRoutes)
  await app.register(privacyRequestsRoutes)
}
