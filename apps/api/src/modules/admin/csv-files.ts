import type { AccountLanguage, AdminLead, AuditEntry, LeadStatus } from '@app/contracts'
import { chileDayOf, csvFileName, type CsvColumn } from '../../lib/csv.ts'
import type { LedgerKind } from '../ledger/service.ts'

// The operator console's files (decision 201): headers, states, actions, roles and accounts in the
// reader's words, the console's words for the same things (features/admin/locales, checked by
// csv-files.test.ts); the codes beside them where an operator filters or reconciles by code.

type Words<T> = Record<AccountLanguage, T>

/** `solicitudes_2026-11-23.csv`: what, and the day of the export on Chile's clock. */
export const adminCsvName = (what: keyof (typeof FILE)['es'], language: AccountLanguage, now = new Date()) =>
  csvFileName(FILE[language][what], chileDayOf(now))
const FILE = {
  es: { leads: 'solicitudes', audit: 'auditoria', ledger: 'libro-contable' },
  en: { leads: 'leads', audit: 'audit-log', ledger: 'ledger' },
} as const satisfies Words<Record<string, string>>

// ---- Leads ----

export const LEAD_STATUS: Words<Record<LeadStatus, string>> = {
  es: { new: 'Nueva', contacted: 'Contactada', activated: 'Activada', discarded: 'Descartada' },
  en: { new: 'New', contacted: 'Contacted', activated: 'Activated', discarded: 'Discarded' },
}

export const LEAD_COLUMNS = [
  { key: 'createdAt', es: 'Recibida', en: 'Received' },
  { key: 'status', es: 'Estado', en: 'Status' },
  { key: 'statusChangedAt', es: 'Estado desde', en: 'Status since' },
  { key: 'name', es: 'Nombre', en: 'Name' },
  { key: 'email', es: 'Correo', en: 'E-mail' },
  { key: 'phone', es: 'Teléfono', en: 'Phone' },
  { key: 'city', es: 'Ciudad', en: 'City' },
  { key: 'subject', es: 'Asunto', en: 'Subject' },
  { key: 'content', es: 'Mensaje', en: 'Message' },
  { key: 'id', es: 'ID', en: 'ID' },
] as const satisfies readonly CsvColumn[]

export const leadRow = (l: AdminLead, language: AccountLanguage) => ({
  createdAt: new Date(l.createdAt),
  status: LEAD_STATUS[language][l.status],
  statusChangedAt: l.statusChangedAt ? new Date(l.statusChangedAt) : null,
  name: l.name,
  email: l.email,
  phone: l.phone,
  city: l.city,
  subject: l.subject,
  content: l.content,
  id: l.id,
})

// ---- Audit log ----

/** The console's name of each action (an action not listed shows its code). */
export const AUDIT_ACTION: Words<Record<string, string>> = {
  es: {
    'admin.create': 'Operador creado',
    'admin.promote': 'Operador promovido',
    'admin.export': 'Exportación CSV',
    'business.update': 'Plan o reparto cambiado',
    'business.central_billing': 'Cobro centralizado',
    'lead.status': 'Estado de solicitud',
    'lead.note': 'Nota en solicitud',
    'lead.list': 'Lista de solicitudes consultada',
    'user.deactivate': 'Cuenta desactivada',
    'user.reactivate': 'Cuenta reactivada',
    'user.mail_resend': 'Correo reenviado',
    'auth.login': 'Inicio de sesión',
    'auth.login_failures': 'Intentos fallidos de inicio de sesión',
    'auth.password_reset': 'Contraseña restablecida',
    'session.revoke_all': 'Sesiones cerradas',
    'subscription.started': 'Suscripción iniciada',
    'subscription.trial_ends': 'Fin de la prueba',
    'subscription.trial_ended': 'Prueba terminada',
    'subscription.cancelled': 'Suscripción cancelada',
    'subscription.status': 'Estado de la suscripción',
    'subscription.period_ends': 'Fin del período',
    'backup.create': 'Respaldo tomado',
    'client.invite': 'Cliente invitado',
    'client.cancel': 'Suscripción de cliente cancelada',
    'client.refund': 'Reembolso a un cliente',
    'account.close': 'Cuenta cerrada',
    'account.reopen': 'Cuenta reabierta',
    'account.rectify': 'Datos de la cuenta corregidos',
    'privacy.export': 'Datos personales exportados',
    'privacy.purge': 'Datos personales eliminados',
    'privacy.request': 'Solicitud de privacidad registrada',
    'privacy.handled': 'Solicitud de privacidad atendida',
    'review.hide': 'Reseña oculta',
    'review.unhide': 'Reseña visible de nuevo',
    'business.tax_identity': 'Datos tributarios de la empresa modificados (RUT, razón social, giro)',
    'trainer.tax_identity': 'Datos tributarios del entrenador modificados (RUT)',
    'client.tax_identity': 'Datos para factura del cliente modificados (RUT, razón social, giro)',
    'tax_start.submit': 'Inicio de actividades declarado',
    'tax_start.approve': 'Inicio de actividades aprobado',
    'tax_start.reject': 'Inicio de actividades rechazado',
    'payment.replay': 'Pago o contracargo leído de nuevo en el proveedor',
  },
  en: {
    'admin.create': 'Operator created',
    'admin.promote': 'Operator promoted',
    'admin.export': 'CSV export',
    'business.update': 'Plan or split changed',
    'business.central_billing': 'Central billing',
    'lead.status': 'Request status',
    'lead.note': 'Request note',
    'lead.list': 'Requests list read',
    'user.deactivate': 'Account deactivated',
    'user.reactivate': 'Account reactivated',
    'user.mail_resend': 'Mail resent',
    'auth.login': 'Sign-in',
    'auth.login_failures': 'Failed sign-ins',
    'auth.password_reset': 'Password reset',
    'session.revoke_all': 'Sessions ended',
    'subscription.started': 'Subscription started',
    'subscription.trial_ends': 'Trial ends',
    'subscription.trial_ended': 'Trial ended',
    'subscription.cancelled': 'Subscription cancelled',
    'subscription.status': 'Subscription state',
    'subscription.period_ends': 'Period ends',
    'backup.create': 'Backup taken',
    'client.invite': 'Client invited',
    'client.cancel': 'Client subscription cancelled',
    'client.refund': 'Refund to a client',
    'account.close': 'Account closed',
    'account.reopen': 'Account reopened',
    'account.rectify': 'Account details corrected',
    'privacy.export': 'Personal data exported',
    'privacy.purge': 'Personal data deleted',
    'privacy.request': 'Privacy request recorded',
    'privacy.handled': 'Privacy request handled',
    'review.hide': 'Review hidden',
    'review.unhide': 'Review shown again',
    'business.tax_identity': 'Business tax details changed (RUT, legal name, activity)',
    'trainer.tax_identity': 'Trainer tax details changed (RUT)',
    'client.tax_identity': 'Client invoice details changed (RUT, legal name, activity)',
    'tax_start.submit': 'Tax start declared',
    'tax_start.approve': 'Tax start approved',
    'tax_start.reject': 'Tax start rejected',
    'payment.replay': 'Payment or chargeback read again from the provider',
  },
}

export const ROLE: Words<Record<string, string>> = {
  es: {
    platform_admin: 'Operador',
    trainer: 'Entrenador',
    gym_owner: 'Dueño de gimnasio',
    admin: 'Administrador de gimnasio',
    member: 'Cliente',
    system: 'Sistema',
  },
  en: {
    platform_admin: 'Operator',
    trainer: 'Trainer',
    gym_owner: 'Gym owner',
    admin: 'Gym administrator',
    member: 'Client',
    system: 'System',
  },
}

export const SUBJECT_TYPE: Words<Record<string, string>> = {
  es: {
    user: 'Usuario',
    lead: 'Solicitud',
    business: 'Negocio',
    email: 'Correo',
    address: 'Dirección IP',
    backup: 'Respaldo',
    client_payment: 'Pago de cliente',
    client_subscription: 'Suscripción de cliente',
    client_invitation: 'Invitación',
    review: 'Reseña',
    leads: 'Lista de solicitudes',
    audit_log: 'Registro de auditoría',
    ledger: 'Libro contable',
  },
  en: {
    user: 'User',
    lead: 'Request',
    business: 'Business',
    email: 'E-mail',
    address: 'IP address',
    backup: 'Backup',
    client_payment: 'Client payment',
    client_subscription: 'Client subscription',
    client_invitation: 'Invitation',
    review: 'Review',
    leads: 'Requests list',
    audit_log: 'Audit log',
    ledger: 'Ledger',
  },
}

/** The reasons the server writes itself (AUDIT_SYSTEM_REASONS); an operator's own reason is kept as typed. */
export const SYSTEM_REASON: Words<Record<string, string>> = {
  es: {
    deactivated: 'La cuenta fue desactivada',
    'logout-all': 'Cerró sesión en todos los dispositivos',
    'password reset': 'Se restableció la contraseña',
    'account closed': 'La cuenta fue cerrada',
    'trainer deactivated': 'La cuenta del entrenador fue desactivada',
    'admin-create-force': 'Tomada por el comando admin:create (su dueño no había verificado el correo)',
    'admin-create-promote': 'Convertida en operador por el comando admin:create',
    'forced: address not verified by its owner': 'Forzado: su dueño no había verificado el correo',
  },
  en: {
    deactivated: 'The account was deactivated',
    'logout-all': 'Signed out on every device',
    'password reset': 'The password was reset',
    'account closed': 'The account was closed',
    'trainer deactivated': "The trainer's account was deactivated",
    'admin-create-force': 'Taken over by the admin:create command (the address was not verified by its owner)',
    'admin-create-promote': 'Made an operator by the admin:create command',
    'forced: address not verified by its owner': 'Forced: the address was not verified by its owner',
  },
}

export const AUDIT_COLUMNS = [
  { key: 'at', es: 'Fecha', en: 'Date' },
  { key: 'action', es: 'Acción', en: 'Action' },
  { key: 'actor', es: 'Quién', en: 'Who' },
  { key: 'actorRole', es: 'Rol', en: 'Role' },
  { key: 'actorEmail', es: 'Correo de quién', en: "Who's e-mail" },
  { key: 'subject', es: 'Objeto', en: 'Subject' },
  { key: 'subjectType', es: 'Tipo de objeto', en: 'Subject type' },
  { key: 'ip', es: 'Dirección IP', en: 'IP address' },
  { key: 'reason', es: 'Motivo', en: 'Reason' },
  { key: 'before', es: 'Antes (JSON)', en: 'Before (JSON)' },
  { key: 'after', es: 'Después (JSON)', en: 'After (JSON)' },
  { key: 'actionCode', es: 'Código de acción', en: 'Action code' },
  { key: 'actorId', es: 'ID de quién', en: "Who's ID" },
  { key: 'subjectId', es: 'ID del objeto', en: 'Subject ID' },
  { key: 'id', es: 'ID', en: 'ID' },
] as const satisfies readonly CsvColumn[]

const SYSTEM: Words<string> = { es: 'Sistema o línea de comandos', en: 'System or command line' }

export const auditRow = (e: AuditEntry, language: AccountLanguage) => ({
  at: new Date(e.at),
  action: AUDIT_ACTION[language][e.action] ?? e.action,
  actor: e.actorRef?.name ?? e.actor.email ?? SYSTEM[language],
  actorRole: e.actor.role ? (ROLE[language][e.actor.role] ?? e.actor.role) : ROLE[language].system,
  actorEmail: e.actor.email,
  subject: e.subjectRef?.name ?? null,
  subjectType: e.subjectType ? (SUBJECT_TYPE[language][e.subjectType] ?? e.subjectType) : null,
  ip: e.ip,
  reason: e.reason ? (SYSTEM_REASON[language][e.reason] ?? e.reason) : null,
  before: e.before == null ? null : JSON.stringify(e.before),
  after: e.after == null ? null : JSON.stringify(e.after),
  actionCode: e.action,
  actorId: e.actor.id,
  subjectId: e.subjectId,
  id: e.id,
})

// ---- Ledger ----

export const LEDGER_KIND: Words<Record<LedgerKind, string>> = {
  es: {
    payment: 'Pago',
    refund: 'Reembolso',
    dispute: 'Disputa',
    transfer: 'Transferencia',
    transfer_reversal: 'Reverso de transferencia',
    receivable: 'Por cobrar',
  },
  en: {
    payment: 'Payment',
    refund: 'Refund',
    dispute: 'Dispute',
    transfer: 'Transfer',
    transfer_reversal: 'Transfer reversal',
    receivable: 'Receivable',
  },
}

const ACCOUNT: Words<{
  provider_clearing: string
  platform_revenue: string
  trainer: (name: string) => string
  gym: (name: string) => string
  receivable: (party: string) => string
}> = {
  es: {
    provider_clearing: 'Proveedor de pagos (por liquidar)',
    platform_revenue: 'Plataforma (comisiones)',
    trainer: (name) => `Entrenador: ${name}`,
    gym: (name) => `Gimnasio: ${name}`,
    receivable: (party) => `Por cobrar a ${party}`,
  },
  en: {
    provider_clearing: 'Payment provider (clearing)',
    platform_revenue: 'Platform (commissions)',
    trainer: (name) => `Trainer: ${name}`,
    gym: (name) => `Gym: ${name}`,
    receivable: (party) => `Receivable from ${party}`,
  },
}

/** A ledger account in words: the platform's own by what they hold, a party's by its name. */
export function accountName(account: string, name: string | null, language: AccountLanguage): string {
  const words = ACCOUNT[language]
  if (account === 'provider_clearing' || account === 'platform_revenue') return words[account]
  const match = /^(receivable:)?(trainer|gym):/.exec(account)
  if (!match) return account
  const party = words[match[2] as 'trainer' | 'gym'](name ?? account.slice(match[0].length))
  return match[1] ? words.receivable(party) : party
}

export const MONEY_COLUMNS = [
  { key: 'at', es: 'Fecha', en: 'Date' },
  { key: 'kind', es: 'Tipo', en: 'Kind' },
  { key: 'account', es: 'Cuenta', en: 'Account' },
  { key: 'amountClp', es: 'Importe (CLP)', en: 'Amount (CLP)' },
  { key: 'trainer', es: 'Entrenador', en: 'Trainer' },
  { key: 'accountCode', es: 'Código de cuenta', en: 'Account code' },
  { key: 'paymentId', es: 'ID del pago', en: 'Payment ID' },
  { key: 'transactionId', es: 'ID del movimiento', en: 'Transaction ID' },
] as const satisfies readonly CsvColumn[]
