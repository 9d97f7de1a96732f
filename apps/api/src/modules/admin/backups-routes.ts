import { AdminBackupStatusSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { conflict } from '../../errors.ts'
import { recordAudit } from '../audit/service.ts'
import { adminBase, adminErrors, adminGuards, operatorOf } from './route-kit.ts'

/** The console's backup card (issue 33; docs/backups.md): the schedule, the last backup, a backup now. */
export default async function backupsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const guard = adminGuards(app)
  const { 404: _notFound, 422: _invalid, ...errors } = adminErrors

  app.get(
    '/admin/backups',
    {
      schema: {
        ...adminBase,
        operationId: 'getBackupStatus',
        summary: 'Backups: the nightly schedule and the last backup the server took (time, size, verified)',
        description:
          'platform_admin only. The backup card of the console: the database kind, whether and when nightly backups run and how many are kept, whether one is running, and the time, size, verification and any error of the last one (with PostgreSQL the server schedules none: npm run db:backup from cron).',
        response: { 200: AdminBackupStatusSchema, ...errors },
      },
      preHandler: guard.read,
    },
    () => app.backups.status(),
  )

  app.post(
    '/admin/backups',
    {
      schema: {
        ...adminBase,
        operationId: 'createBackup',
        summary: 'Takes a verified backup of the embedded database now (409 with PostgreSQL or while one runs)',
        description:
          'platform_admin only. Backs up the embedded database and verifies the copy before answering the new status; audited. 409 when the server runs on PostgreSQL or in memory (use npm run db:backup), or while another backup runs.',
        response: { 200: AdminBackupStatusSchema, ...errors },
      },
      preHandler: guard.write,
      // Taking and verifying a backup takes longer than the request deadline.
      config: { deadline: false },
    },
    async (request) => {
      if (app.database.kind !== 'pglite' || app.config.inMemory) {
        throw conflict('The server backs up the embedded database only: with PostgreSQL run npm run db:backup')
      }
      const status = await app.backups.takeNow('console')
      if (!status) throw conflict('A backup is running: wait for it to finish')
      const operator = operatorOf(request)
      await recordAudit(app.db, {
        action: 'backup.create',
        actor: operator.actor,
        ip: operator.ip,
        subjectType: 'backup',
        subjectId: status.file,
        after: { file: status.file, bytes: status.bytes, verified: status.verified, error: status.error },
      })
      return app.backups.status()
    },
  )
}
