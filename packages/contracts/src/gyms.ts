import { z } from 'zod'
import { EmailSchema } from './auth.ts'

const requiredText = (max = 200) => z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' })

/** Digits with optional +, spaces, dashes, dots and brackets; 6 to 15 digits in all. */
export const PhoneSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(30, { error: 'tooLong' })
  .refine((v) => /^\+?[0-9 ().-]+$/.test(v) && /^(\D*\d){6,15}\D*$/.test(v), { error: 'invalidPhone' })

/** Body of POST /gyms and PUT /gyms/{id} (spec §3, required fields §5). */
export const GymInputSchema = z
  .strictObject({
    name: requiredText(),
    email: EmailSchema,
    address: requiredText(300),
    city: requiredText(100),
    state: requiredText(100),
    zipCode: requiredText(20),
    phone: PhoneSchema,
    description: z
      .string({ error: 'invalidType' })
      .trim()
      .max(2000, { error: 'tooLong' })
      .nullish()
      .transform((v) => (v ? v : null)),
    isActive: z.boolean({ error: 'invalidType' }).optional(),
  })
  .meta({
    examples: [
      {
        name: 'Gimnasio Central',
        email: 'contacto@gimnasiocentral.cl',
        address: 'Av. Providencia 1234',
        city: 'Santiago',
        state: 'Región Metropolitana',
        zipCode: '7500000',
        phone: '+56 2 2345 6789',
        description: 'Musculación y clases grupales',
      },
    ],
  })
export type GymInput = z.input<typeof GymInputSchema>

export const GymSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    phone: z.string(),
    email: z.string(),
    description: z.string().nullable(),
    isActive: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({
    examples: [
      {
        id: '3c2e7a10-1f4b-4d8e-a9c2-6b5d4e3f2a10',
        name: 'Gimnasio Central',
        email: 'contacto@gimnasiocentral.cl',
        address: 'Av. Providencia 1234',
        city: 'Santiago',
        state: 'Región Metropolitana',
        zipCode: '7500000',
        phone: '+56 2 2345 6789',
        description: 'Musculación y clases grupales',
        isActive: true,
        createdAt: '2026-03-01T12:00:00.000Z',
        updatedAt: '2026-03-01T12:00:00.000Z',
      },
    ],
  })
export type Gym = z.infer<typeof GymSchema>

export const GymListSchema = z.array(GymSchema)

export const IdParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) })
