import { z } from 'zod'
import { DaySchema } from './bookings.ts'
import { RutSchema } from './tax-identity.ts'

// Issue 27 (decision 222): the sellers' tax start (Ley 21.713, art. 68 Código Tributario). Before a
// trainer or a gym charges clients, they declare their inicio de actividades (date and giro) or
// sign an exemption, attach the proof, and an operator reviews it; an approval holds six months.

export const TAX_START_LIMITS = {
  /** Largest proof file (PDF, JPEG, PNG or WebP). An SII certificate is ~100 KB; a phone photo a few MB. */
  proofMaxBytes: 5 * 1024 * 1024,
  /** An approval holds this many months; then the check must be made again. */
  validMonths: 6,
  /** The reminder mail and "lapsing soon" start this many days before the approval lapses. */
  remindDays: 30,
  /** Life of a link to a proof file. */
  linkSeconds: 300,
} as const

/**
 * The words the seller swears to with the exemption (recorded with each declaration, in the
 * language shown). Plain terms for art. 68: the seller states the reason they need not give
 * notice of a start of activities, and that they will tell us if that changes.
 */
export const TAX_START_OATH = {
  version: 'tax-start-oath/1',
  es: 'Declaro bajo juramento que los datos de esta declaración son verdaderos y que, por la razón indicada, no estoy obligado a dar aviso de inicio de actividades ante el Servicio de Impuestos Internos. Me comprometo a informar a la plataforma cualquier cambio en esta situación.',
  en: 'I declare under oath that the information in this declaration is true and that, for the reason given, I am not required to give notice of a start of activities (inicio de actividades) to the Servicio de Impuestos Internos. I will inform the platform of any change in this situation.',
} as const

const words = (max: number) => z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' })

/** The proof as sent: its bytes in base64 (the type is read from the bytes, not from here). */
const ProofSchema = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  // base64 of at most proofMaxBytes (4 characters per 3 bytes)
  .max(Math.ceil(TAX_START_LIMITS.proofMaxBytes / 3) * 4, { error: 'tooLarge' })
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'invalid' })
  .meta({ description: 'The proof file in base64: a PDF, JPEG, PNG or WebP of at most 5 MB.' })

const StartFieldsSchema = z.strictObject({
  kind: z.literal('start'),
  /** The day the inicio de actividades took effect before the SII. */
  startedOn: DaySchema,
  /** The activity (giro) declared to the SII, with its code if known. */
  activity: words(150),
})
const ExemptionFieldsSchema = z.strictObject({
  kind: z.literal('exemption'),
  signerName: words(150),
  signerRut: RutSchema,
  signedOn: DaySchema,
  reason: words(1000),
  /** The seller ticked "Declaro bajo juramento…" (TAX_START_OATH) in this language. */
  sworn: z.literal(true, { error: 'required' }),
  oathLanguage: z.enum(['es', 'en'], { error: 'invalid' }),
})

/** The declaration without its file (the web form checks these before reading the file). */
export const TaxStartFieldsSchema = z.discriminatedUnion('kind', [StartFieldsSchema, ExemptionFieldsSchema], { error: 'invalid' })
export type TaxStartFields = z.infer<typeof TaxStartFieldsSchema>

export const TaxStartSubmissionSchema = z
  .discriminatedUnion('kind', [StartFieldsSchema.extend({ proof: ProofSchema }), ExemptionFieldsSchema.extend({ proof: ProofSchema })], {
    error: 'invalid',
  })
  .meta({
    example: { kind: 'start', startedOn: '2025-03-01', activity: '931100 Actividades de gimnasios', proof: 'JVBERi0xLjQK' },
  })
export type TaxStartSubmission = z.infer<typeof TaxStartSubmissionSchema>
export type TaxStartSubmissionInput = z.input<typeof TaxStartSubmissionSchema>

export const TaxStartDeclarationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['start', 'exemption']),
  startedOn: z.string().nullable(),
  activity: z.string().nullable(),
  signerName: z.string().nullable(),
  signerRut: z.string().nullable(),
  signedOn: z.string().nullable(),
  reason: z.string().nullable(),
  /** The sworn words as shown to the seller (exemptions only). */
  oath: z.string().nullable(),
  /** pending, approved or rejected (an open set). */
  status: z.string(),
  rejectReason: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
  /** Until when an approval holds. */
  expiresAt: z.iso.datetime().nullable(),
  proof: z.object({
    type: z.string(),
    bytes: z.number().int(),
    /** A five-minute link to the file, no token needed. */
    url: z.string(),
    linkExpiresAt: z.iso.datetime(),
  }),
})
export type TaxStartDeclaration = z.infer<typeof TaxStartDeclarationSchema>

export const TaxStartStatusSchema = z
  .object({
    /** none, pending, approved, lapsingSoon, rejected or lapsed (an open set). */
    state: z.string(),
    /** Whether the tax start lets the seller charge clients now. */
    chargingAllowed: z.boolean(),
    /** The end of the approval in force, if any. */
    validUntil: z.iso.datetime().nullable(),
    /** The newest declaration (a pending re-check while an approval holds, or the last answer). */
    latest: TaxStartDeclarationSchema.nullable(),
  })
  .meta({ example: { state: 'none', chargingAllowed: false, validUntil: null, latest: null } })
export type TaxStartStatus = z.infer<typeof TaxStartStatusSchema>

// ---- Operators

export const AdminTaxStartListQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected'], { error: 'invalid' }).default('pending'),
  limit: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(100, { error: 'invalid' })
    .default(50),
})
export type AdminTaxStartListQuery = z.infer<typeof AdminTaxStartListQuerySchema>

export const AdminTaxStartSchema = TaxStartDeclarationSchema.extend({
  /** trainer or business. */
  ownerKind: z.string(),
  ownerId: z.uuid(),
  /** The trainer's full name or the gym's name. */
  ownerName: z.string(),
  ownerRut: z.string().nullable(),
  reviewedByEmail: z.string().nullable(),
})
export type AdminTaxStart = z.infer<typeof AdminTaxStartSchema>

export const AdminTaxStartListSchema = z.object({ data: z.array(AdminTaxStartSchema) })
export type AdminTaxStartList = z.infer<typeof AdminTaxStartListSchema>

export const AdminTaxStartRejectSchema = z.strictObject({ reason: words(500) })
export type AdminTaxStartReject = z.infer<typeof AdminTaxStartRejectSchema>

export const TaxStartProofQuerySchema = z.object({
  expires: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }),
  sig: z.string({ error: 'required' }).max(100, { error: 'invalid' }),
})
