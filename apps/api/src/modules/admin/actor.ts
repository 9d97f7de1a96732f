import type { AuthUser } from '../../plugins/auth.ts'
import type { AuditActor } from '../audit/service.ts'

/** The signed-in operator as an audit row names them. */
export const actorOf = (user: Pick<AuthUser, 'id' | 'email' | 'role'>): AuditActor => ({ id: user.id, email: user.email, role: user.role })

/** What an admin action needs to know about who asks, from where. */
export interface Operator {
  actor: AuditActor
  ip: string
}
