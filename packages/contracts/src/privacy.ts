import { z } from 'zod'

// Issue 20: closing an account, the data export, consent records, rectification, privacy requests.

/** Minimum age to hold an account (privacy policy). */
export const MIN_AGE = 16
/** Days a closed account is kept (and can be reopened by signing in) before the purge. */
export const CLOSED_ACCOUNT_RETENTION_DAYS = 90
/** Days to answer a privacy request (Ley 21.719, art. 11: 30 calendar days). */
export const PRIVACY_REQUEST_DAYS = 30
/** Versions of the documents a person accepts; a new version is asked for at the next sign-in. */
export const TERMS_VERSION = '2026-12-01'
export const PRIVACY_VERSION = '2026-12-01'
export const CONSENT_DOCUMENTS = ['terms', 'privacy', 'marketing'] as const
export const CURRENT_VERSIONS = { terms: TERMS_VERSION, privacy: PRIVACY_VERSION, marketing: PRIVACY_VERSION } as const

/** Age in whole years on `today` (YYYY-MM-DD, America/Santiago) of someone born on `birthDate`. */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number)
  const [ty, tm, td] = today.split('-').map(Number)
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0)
}

/** A birth date (YYYY-MM-DD) of someone at least MIN_AGE (checked by the API against today in Chile). */
export const BirthDateSchema = z.iso
  .date({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') })
  .refine((d) => d >= '1900-01-01', { error: 'invalid' })

const OtpField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'invalidOrExpired' })

/** The password, or (accounts that sign in with codes, e.g. clients) a fresh code mailed by sendMyAccountCode. */
export const AccountCloseSchema = z
  .strictObject({ password: z.string().min(1, { error: 'required' }).max(200).optional(), otp: OtpField.optional() })
  .meta({ examples: [{ password: 'Secreta#2026' }, { otp: '482913' }] })
export type AccountClose = z.infer<typeof AccountCloseSchema>

export const AccountReopenSchema = z
  .strictObject({
    email: z.string().trim().toLowerCase().min(1).max(254).pipe(z.email()),
    password: z.string().min(1, { error: 'required' }).max(200).optional(),
    otp: OtpField.optional(),
  })
  .meta({ examples: [{ email: 'ana.perez@example.com', password: 'Secreta#2026' }] })
export type AccountReopen = z.infer<typeof AccountReopenSchema>

export const AccountCodeRequestSchema = z
  .strictObject({ email: z.string().trim().toLowerCase().min(1).max(254).pipe(z.email()) })
  .meta({ examples: [{ email: 'ana.perez@example.com' }] })

export const AccountClosedSchema = z
  .object({
    ok: z.literal(true),
    closedAt: z.string(),
    /** After this instant the account can no longer be reopened and its personal data is deleted. */
    purgeAfter: z.string(),
    /** Subscriptions cancelled at the provider. */
    cancelledSubscriptions: z.number().int(),
  })
  .meta({
    examples: [{ ok: true, closedAt: '2026-12-01T12:00:00.000Z', purgeAfter: '2027-03-01T12:00:00.000Z', cancelledSubscriptions: 1 }],
  })
export type AccountClosed = z.infer<typeof AccountClosedSchema>

export const ConsentDocumentSchema = z.enum(CONSENT_DOCUMENTS)
export type ConsentDocument = z.infer<typeof ConsentDocumentSchema>

export const ConsentSchema = z.object({
  document: ConsentDocumentSchema,
  version: z.string(),
  accepted: z.boolean(),
  screen: z.string(),
  createdAt: z.string(),
})
export type Consent = z.infer<typeof ConsentSchema>

export const ConsentListSchema = z
  .object({
    data: z.array(ConsentSchema),
    /** Documents whose current version this person has not accepted yet. */
    pending: z.array(z.enum(['terms', 'privacy'])),
    marketing: z.boolean(),
  })
  .meta({
    examples: [
      {
        data: [{ document: 'terms', version: '2025-09-01', accepted: true, screen: 'signup', createdAt: '2026-12-01T12:00:00.000Z' }],
        pending: ['privacy'],
        marketing: false,
      },
    ],
  })
export type ConsentList = z.infer<typeof ConsentListSchema>

export const ConsentInputSchema = z
  .strictObject({
    document: ConsentDocumentSchema,
    /** false withdraws (marketing only: the terms and the privacy policy cannot be un-accepted). */
    accepted: z.boolean(),
    screen: z.string().trim().min(1).max(60).default('account'),
  })
  .meta({ examples: [{ document: 'marketing', accepted: true, screen: 'account' }] })
export type ConsentInput = z.infer<typeof ConsentInputSchema>

export const AccountProfileSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    birthDate: z.string().nullable(),
    role: z.string(),
  })
  .meta({
    examples: [
      {
        id: '8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e',
        email: 'ana.perez@example.com',
        firstName: 'Ana',
        lastName: 'Pérez',
        phone: '+56 9 1234 5678',
        birthDate: '1990-04-02',
        role: 'trainer',
      },
    ],
  })
export type AccountProfile = z.infer<typeof AccountProfileSchema>

export const AccountProfileUpdateSchema = z
  .strictObject({
    firstName: z.string().trim().min(1, { error: 'required' }).max(100, { error: 'tooLong' }).optional(),
    lastName: z.string().trim().min(1, { error: 'required' }).max(100, { error: 'tooLong' }).optional(),
    phone: z
      .string()
      .trim()
      .max(30, { error: 'tooLong' })
      .regex(/^\+?[\d\s()-]{0,30}$/, { error: 'invalidPhone' })
      .nullable()
      .optional(),
  })
  .meta({ examples: [{ firstName: 'Ana María', phone: '+56 9 1234 5678' }] })
export type AccountProfileUpdate = z.infer<typeof AccountProfileUpdateSchema>

/** The data export (access and portability): documented in docs/privacy.md, format version 1. */
export const DataExportSchema = z
  .object({
    format: z.literal('privacy-export/1'),
    generatedAt: z.string(),
    /** Table name → this person's rows (column → value), secrets (hashes, tokens) left out. */
    tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  })
  .meta({
    examples: [
      {
        format: 'privacy-export/1',
        generatedAt: '2026-12-01T12:00:00.000Z',
        tables: { users: [{ id: '8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e', email: 'ana.perez@example.com' }] },
      },
    ],
  })
export type DataExport = z.infer<typeof DataExportSchema>

/** Days a background export's download link works (decision 206); then the purge deletes the file. */
export const DATA_EXPORT_LINK_DAYS = 7

/** The answer when the person's data is too large to answer at once: a file is built and its link mailed. */
export const DataExportQueuedSchema = z
  .object({
    status: z.literal('queued'),
    /** What happens next, in English (the screens say it in the person's language). */
    message: z.string(),
    /** When the export was asked for (an export still being built is not asked for twice). */
    requestedAt: z.string(),
    /** Days the mailed link works once the file is ready. */
    linkDays: z.number().int(),
  })
  .meta({
    examples: [
      {
        status: 'queued',
        message: 'Your data is large: we are preparing the file and will e-mail you a link to download it, valid for 7 days.',
        requestedAt: '2026-12-01T12:00:00.000Z',
        linkDays: 7,
      },
    ],
  })
export type DataExportQueued = z.infer<typeof DataExportQueuedSchema>

/** The mailed link's token (GET /account/export/download?token=…); the person must also be signed in. */
export const DataExportDownloadQuerySchema = z.object({
  token: z.string({ error: 'required' }).trim().min(20, { error: 'invalidOrExpired' }).max(200, { error: 'invalidOrExpired' }),
})
export type DataExportDownloadQuery = z.infer<typeof DataExportDownloadQuerySchema>

export const PRIVACY_REQUEST_KINDS = ['export', 'deletion', 'rectification'] as const
export const PrivacyRequestKindSchema = z.enum(PRIVACY_REQUEST_KINDS, { error: 'invalid' })

export const PrivacyRequestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  /** The person's e-mail and name; null once the account is purged (the id stays as the pseudonym). */
  email: z.string().nullable(),
  name: z.string().nullable(),
  kind: PrivacyRequestKindSchema,
  status: z.enum(['open', 'done']),
  /** self: the person on their own screen; operator: arrived by e-mail or phone, recorded in the console. */
  source: z.enum(['self', 'operator']),
  /** When the request was received. */
  createdAt: z.string(),
  /** The legal deadline to answer it. */
  dueAt: z.string(),
  handledBy: z.string().nullable(),
  /** The operator (or the person) who handled it, by e-mail; null when nobody did or for the system. */
  handledByEmail: z.string().nullable(),
  handledAt: z.string().nullable(),
  note: z.string().nullable(),
  /** When the person's account was closed (by them or an operator); null while open. */
  accountClosedAt: z.string().nullable(),
})
export type PrivacyRequest = z.infer<typeof PrivacyRequestSchema>

const PRIVACY_REQUEST_EXAMPLE: PrivacyRequest = {
  id: '5b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  userId: '8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e',
  email: 'ana.perez@example.com',
  name: 'Ana Pérez',
  kind: 'deletion',
  status: 'open',
  source: 'operator',
  createdAt: '2026-12-01T12:00:00.000Z',
  dueAt: '2026-12-31T12:00:00.000Z',
  handledBy: null,
  handledByEmail: null,
  handledAt: null,
  note: 'Pidió por correo eliminar su cuenta',
  accountClosedAt: null,
}

/** GET /admin/privacy-requests: oldest deadline first; `nextCursor` is null on the last page. */
export const PrivacyRequestListSchema = z
  .object({ data: z.array(PrivacyRequestSchema), nextCursor: z.string().nullable() })
  .meta({ examples: [{ data: [PRIVACY_REQUEST_EXAMPLE], nextCursor: null }] })
export type PrivacyRequestList = z.infer<typeof PrivacyRequestListSchema>

export const AdminPrivacyRequestListQuerySchema = z.object({
  status: z.enum(['open', 'done'], { error: 'invalid' }).optional(),
  kind: PrivacyRequestKindSchema.optional(),
  cursor: z.string({ error: 'invalidType' }).max(200, { error: 'invalid' }).optional(),
  limit: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(100, { error: 'invalid' })
    .default(25),
})
export type AdminPrivacyRequestListQuery = z.infer<typeof AdminPrivacyRequestListQuerySchema>

const OptionalNote = z
  .string({ error: 'invalidType' })
  .trim()
  .max(500, { error: 'tooLong' })
  .optional()
  .transform((v) => (v ? v : undefined))

/**
 * POST /admin/privacy-requests: a request that arrived by e-mail (or phone), for the account with
 * that e-mail. `receivedOn` is the day it arrived on Chile's calendar (default today, never in
 * the future); the deadline is PRIVACY_REQUEST_DAYS after the start of that day.
 */
export const AdminPrivacyRequestCreateSchema = z
  .strictObject({
    kind: PrivacyRequestKindSchema,
    email: z
      .string({ error: 'required' })
      .trim()
      .toLowerCase()
      .min(1, { error: 'required' })
      .max(254, { error: 'tooLong' })
      .pipe(z.email({ error: 'invalidEmail' })),
    receivedOn: z.iso.date({ error: 'invalid' }).optional(),
    note: OptionalNote,
  })
  .meta({ examples: [{ kind: 'deletion', email: 'ana.perez@example.com', receivedOn: '2026-12-01', note: 'Correo a privacidad@' }] })
export type AdminPrivacyRequestCreate = z.input<typeof AdminPrivacyRequestCreateSchema>

/** POST /admin/privacy-requests/{id}/handled: who and when come from the session; a note is optional. */
export const AdminPrivacyRequestHandleSchema = z
  .strictObject({ note: OptionalNote })
  .meta({ examples: [{ note: 'Nombre corregido según su correo' }] })
export type AdminPrivacyRequestHandle = z.input<typeof AdminPrivacyRequestHandleSchema>

/** POST /admin/privacy-requests/{id}/close-account: the reason goes to the audit log and to the person's mail. */
export const AdminAccountCloseSchema = z
  .strictObject({ reason: z.string({ error: 'required' }).trim().min(3, { error: 'tooShort' }).max(500, { error: 'tooLong' }) })
  .meta({ examples: [{ reason: 'Solicitud de eliminación recibida por correo el 1 de diciembre' }] })
export type AdminAccountClose = z.input<typeof AdminAccountCloseSchema>

export const AdminAccountClosedSchema = z.object({ request: PrivacyRequestSchema, account: AccountClosedSchema }).meta({
  examples: [
    {
      request: {
        ...PRIVACY_REQUEST_EXAMPLE,
        status: 'done',
        handledAt: '2026-12-02T12:00:00.000Z',
        accountClosedAt: '2026-12-02T12:00:00.000Z',
      },
      account: { ok: true, closedAt: '2026-12-02T12:00:00.000Z', purgeAfter: '2027-03-02T12:00:00.000Z', cancelledSubscriptions: 0 },
    },
  ],
})
export type AdminAccountClosed = z.infer<typeof AdminAccountClosedSchema>
