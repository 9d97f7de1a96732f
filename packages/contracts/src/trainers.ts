import { z } from 'zod'
import { EmailSchema } from './auth.ts'
import { PhoneSchema } from './gyms.ts'
import { TRAINER_PASSWORD_MIN } from './constants.ts'

const requiredText = (max = 100) => z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' })

/** Years of experience: a whole number, at least 0 (spec §5, §9). */
export const ExperienceSchema = z
  .number({ error: 'invalidType' })
  .int({ error: 'invalid' })
  .min(0, { error: 'tooSmall' })
  .max(80, { error: 'tooBig' })

/** Body of POST /trainers and PUT /trainers/{id}: every field required (spec §5). */
export const TrainerInputSchema = z
  .strictObject({
    firstName: requiredText(),
    lastName: requiredText(),
    email: EmailSchema,
    phone: PhoneSchema,
    specialization: requiredText(120),
    experience: ExperienceSchema,
    /** Fixed to the owner's gym; may be left out. */
    gymId: z.uuid({ error: 'invalid' }).optional(),
    isActive: z.boolean({ error: 'invalidType' }).optional(),
  })
  .meta({
    examples: [
      {
        firstName: 'Diego',
        lastName: 'Soto',
        email: 'diego.soto@example.com',
        phone: '+56 9 8765 4321',
        specialization: 'Weight Training',
        experience: 5,
      },
    ],
  })
export type TrainerInput = z.input<typeof TrainerInputSchema>

/** Body of POST /trainers/with-user: the trainer plus a login account; '' or no password → generated. */
export const TrainerWithUserInputSchema = TrainerInputSchema.extend({
  password: z
    .string({ error: 'invalidType' })
    .max(200, { error: 'tooLong' })
    .optional()
    .refine((v) => !v || v.length >= TRAINER_PASSWORD_MIN, { error: 'tooShort' }),
})
export type TrainerWithUserInput = z.input<typeof TrainerWithUserInputSchema>

export const TrainerSchema = z
  .object({
    id: z.string(),
    userId: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    specialization: z.string(),
    experience: z.number().int(),
    gymId: z.string().nullable(),
    gym: z.object({ id: z.string(), name: z.string() }).nullable(),
    isActive: z.boolean(),
    /** A new login e-mail waiting for its confirmation link; `email` stays the old one until then. */
    pendingEmail: z.string().nullable().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({
    examples: [
      {
        id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
        userId: null,
        firstName: 'Diego',
        lastName: 'Soto',
        email: 'diego.soto@example.com',
        phone: '+56 9 8765 4321',
        specialization: 'Weight Training',
        experience: 5,
        gymId: '3c2e7a10-1f4b-4d8e-a9c2-6b5d4e3f2a10',
        gym: { id: '3c2e7a10-1f4b-4d8e-a9c2-6b5d4e3f2a10', name: 'Gimnasio Central' },
        isActive: true,
        pendingEmail: null,
        createdAt: '2026-03-01T12:00:00.000Z',
        updatedAt: '2026-03-01T12:00:00.000Z',
      },
    ],
  })
export type Trainer = z.infer<typeof TrainerSchema>

export const TrainerListSchema = z.array(TrainerSchema)

/** The generated password is in this answer only; the server keeps just its hash. */
export const TrainerCreatedSchema = TrainerSchema.extend({ generatedPassword: z.string().optional() })
export type TrainerCreated = z.infer<typeof TrainerCreatedSchema>
