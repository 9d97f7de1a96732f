import type { FormSubmission } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import { accessRequests } from '../../db/schema.ts'
import { insertLead } from '../admin/lead-record.ts'

/**
 * Stores the request (and its lead, modules/admin) and queues the note to the sales inbox in one transaction: if the mail
 * server is down the request is still kept and the outbox retries the note.
 */
export async function submitForm(app: FastifyInstance, form: FormSubmission, ip: string | undefined): Promise<{ id: string }> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accessRequests)
      .values({ title: form.title, subject: form.subject, email: form.email, content: form.content, ip })
      .returning({ id: accessRequests.id, createdAt: accessRequests.createdAt })
    // The operator console's pipeline starts here (status new); the sales mail below still goes out.
    await insertLead(tx, { id: row!.id, email: form.email, content: form.content, createdAt: row!.createdAt })
    await app.mailer.enqueue(tx, {
      to: app.config.SALES_EMAIL,
      subject: `[Formulario web] ${form.subject}`,
      text: [
        form.title,
        '',
        form.content,
        '',
        `Responder a: ${form.email}`,
        `Recibido: ${row!.createdAt.toISOString()} (solicitud ${row!.id})`,
      ].join('\n'),
      secrets: [],
    })
    return { id: row!.id }
  })
}
