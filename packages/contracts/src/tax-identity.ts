import { clean, format, getCheckDigit, validate } from 'rut.js'
import { z } from 'zod'

// Issue 27 (decision 214): the RUT of trainers and gyms (business accounts), with the business's
// razón social and giro. Typed with or without dots and dash; checked by its check digit (K
// included) with rut.js; stored normalised (`12345678-5`) and shown formatted (`12.345.678-5`).

/** `12.345.678-k` → `12345678-K` (digits, a dash, the check digit in upper case). */
export const normaliseRut = (rut: string) => format(clean(rut), { dots: false })
/** `123456785` → `12.345.678-5`, as a person reads it. */
export const formatRut = (rut: string) => (clean(rut) ? format(rut) : '')
/** True for a RUT whose check digit is right (with or without dots and dash, K or k). */
export const isValidRut = (rut: string) => validate(rut.trim())

/** `12345678` → `12345678-5`: a body with its check digit (test data, seeds). */
export const rutOfBody = (body: string) => `${body}-${getCheckDigit(body)}`

export const RutSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(20, { error: 'invalidRut' })
  .refine(isValidRut, { error: 'invalidRut' })
  .transform(normaliseRut)
  .meta({ description: 'A Chilean RUT, with or without dots and dash; stored and returned as `12345678-5`.', example: '12.345.678-5' })

const words = (max: number) => z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' })

export const TrainerTaxIdentityInputSchema = z.strictObject({ rut: RutSchema }).meta({ example: { rut: '12.345.678-5' } })
export type TrainerTaxIdentityInput = z.infer<typeof TrainerTaxIdentityInputSchema>

export const BusinessTaxIdentityInputSchema = z
  .strictObject({
    rut: RutSchema,
    /** Razón social: the company's legal name as the SII knows it. */
    legalName: words(150),
    /** Giro: the business activity declared to the SII. */
    activity: words(150),
  })
  .meta({ example: { rut: '76.086.428-5', legalName: 'Gimnasio Centro SpA', activity: 'Actividades de gimnasios' } })
export type BusinessTaxIdentityInput = z.infer<typeof BusinessTaxIdentityInputSchema>

/** The stored RUT (`12345678-5`) or null while none was given. */
export const TrainerTaxIdentitySchema = z.object({ rut: z.string().nullable() }).meta({ example: { rut: '12345678-5' } })
export type TrainerTaxIdentity = z.infer<typeof TrainerTaxIdentitySchema>

export const BusinessTaxIdentitySchema = z
  .object({ rut: z.string().nullable(), legalName: z.string().nullable(), activity: z.string().nullable() })
  .meta({ example: { rut: '76086428-5', legalName: 'Gimnasio Centro SpA', activity: 'Actividades de gimnasios' } })
export type BusinessTaxIdentity = z.infer<typeof BusinessTaxIdentitySchema>

/**
 * A client's details for a factura (issue 27, decision 237): the same three fields as a business's
 * (a persona natural with a giro is fine), all required together. Their trainer's and gym's
 * monthly statement shows them beside the client's payments.
 */
export const ClientTaxIdentityInputSchema = z
  .strictObject({ rut: RutSchema, legalName: words(150), activity: words(150) })
  .meta({ example: { rut: '76.086.428-5', legalName: 'Constructora Andes SpA', activity: 'Construcción de edificios' } })
export type ClientTaxIdentityInput = z.infer<typeof ClientTaxIdentityInputSchema>

/** All three, or all null while none were given (or after they were cleared). */
export const ClientTaxIdentitySchema = z
  .object({ rut: z.string().nullable(), legalName: z.string().nullable(), activity: z.string().nullable() })
  .meta({ example: { rut: '76086428-5', legalName: 'Constructora Andes SpA', activity: 'Construcción de edificios' } })
export type ClientTaxIdentity = z.infer<typeof ClientTaxIdentitySchema>
