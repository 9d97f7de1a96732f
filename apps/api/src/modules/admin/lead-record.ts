import { sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { leads } from '../../db/schema.ts'

/** The free-access form writes `Nombre:`, `WhatsApp:` and `Ciudad:` lines into the content (web: features/marketing/api/forms.ts). */
function line(content: string, label: string): string | null {
  const match = new RegExp(`^${label}:[ \\t]*([^\\r\\n]*)`, 'm').exec(content)
  const value = match?.[1]?.trim()
  return value ? value.slice(0, 200) : null
}

export function parseLeadContent(content: string) {
  return { name: line(content, 'Nombre'), phone: line(content, 'WhatsApp'), city: line(content, 'Ciudad') }
}

/**
 * A new free-access request enters the pipeline as `new`, in the transaction that stores it.
 * `search` is lower-cased by PostgreSQL, as the console's search pattern is (the same rules).
 */
export async function insertLead(tx: Tx, request: { id: string; email: string; content: string; createdAt: Date }) {
  const { name, phone, city } = parseLeadContent(request.content)
  await tx.insert(leads).values({
    id: request.id,
    name,
    email: request.email,
    phone,
    city,
    search: sql`lower(${[name, request.email, city].filter(Boolean).join(' ')})`,
    createdAt: request.createdAt,
  })
}
