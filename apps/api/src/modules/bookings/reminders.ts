import { REMINDER_HOURS } from '@app/contracts'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { bookingMail, queueBookingMail } from './mails.ts'
import { periodic } from '../../lib/periodic.ts'

interface DueRow {
  id: string
  starts_at: string | Date
  client_email: string
  client_first_name: string
  client_language: 'es' | 'en'
  trainer_name: string
  type_name: string
}

/**
 * Queues the reminder of every live booking starting within REMINDER_HOURS (decision 143).
 * The rows are claimed with FOR UPDATE SKIP LOCKED and marked in the same transaction that queues
 * the mails, so several processes running this at once send each reminder exactly once.
 */
export async function sendDueReminders(app: FastifyInstance, now = new Date(), batch = 200): Promise<number> {
  return app.db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with due as (
        select id from bookings
        where reminder_sent_at is null and state in ('pending', 'confirmed')
          and starts_at > ${now.toISOString()}::timestamptz and starts_at <= ${now.toISOString()}::timestamptz + make_interval(hours => ${REMINDER_HOURS})
        order by starts_at
        limit ${batch}
        for update skip locked
      ), marked as (
        update bookings b set reminder_sent_at = ${now.toISOString()}::timestamptz from due where b.id = due.id
        returning b.id, b.starts_at, b.client_user_id, b.trainer_id, b.session_type_id
      )
      select m.id, m.starts_at, u.email as client_email, u.first_name as client_first_name, u.language as client_language,
        t.first_name || ' ' || t.last_name as trainer_name, st.name as type_name
      from marked m
      join users u on u.id = m.client_user_id
      join trainers t on t.id = m.trainer_id
      join session_types st on st.id = m.session_type_id`)
    const rows = (result as unknown as { rows: DueRow[] }).rows
    for (const r of rows) {
      await queueBookingMail(
        app,
        tx,
        bookingMail.reminder(
          { email: r.client_email, firstName: r.client_first_name, language: r.client_language },
          r.trainer_name,
          new Date(r.starts_at),
          r.type_name,
        ),
      )
    }
    return rows.length
  })
}

/** Every minute in each process; SKIP LOCKED keeps them from sending twice. Started by app.ts with the mail worker. */
export function scheduleReminders(app: FastifyInstance, everyMs = 60_000) {
  return periodic(app.log, 'booking reminders', everyMs, () => sendDueReminders(app)).stop
}
