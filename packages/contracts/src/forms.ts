import { z } from 'zod'
import { EmailSchema } from './auth.ts'

/** Longest accepted values of a contact form (spec §7 `POST /forms`). */
export const FORM_LIMITS = { title: 200, subject: 200, content: 5000 } as const

const text = (max: number) => z.string().trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' })

/**
 * A contact form sent from a public page (no auth). The free-access request puts the visitor's
 * name, e-mail, WhatsApp and city in `content` (spec §7).
 */
export const FormSubmissionSchema = z
  .strictObject({
    title: text(FORM_LIMITS.title),
    content: text(FORM_LIMITS.content),
    email: EmailSchema,
    subject: text(FORM_LIMITS.subject),
  })
  .meta({
    examples: [
      {
        title: 'Solicitud de acceso gratuito',
        content: 'Nombre: Ana Pérez\nEmail: ana.perez@example.com\nWhatsApp: +56 9 1234 5678\nCiudad: Santiago',
        email: 'ana.perez@example.com',
        subject: 'Acceso gratuito: Ana Pérez',
      },
    ],
  })
export type FormSubmission = z.infer<typeof FormSubmissionSchema>

export const FormSubmissionResultSchema = z.object({ id: z.string() }).meta({ examples: [{ id: '0f3a9c2e-7b1d-4e5f-8a6b-9c0d1e2f3a4b' }] })
export type FormSubmissionResult = z.infer<typeof FormSubmissionResultSchema>

/** Longest accepted values of the free-access request form (the inputs stop typing there). */
export const ACCESS_REQUEST_LIMITS = { name: 120, email: 254, phone: 40, city: 120 } as const

/** The free-access request form of the landing page (spec §3, §5): every field required. */
export const AccessRequestFormSchema = z.object({
  name: z.string().trim().min(1).max(ACCESS_REQUEST_LIMITS.name),
  email: z.string().trim().min(1).max(ACCESS_REQUEST_LIMITS.email).pipe(z.email()),
  phone: z.string().trim().min(1).max(ACCESS_REQUEST_LIMITS.phone),
  city: z.string().trim().min(1).max(ACCESS_REQUEST_LIMITS.city),
})
export type AccessRequestForm = z.infer<typeof AccessRequestFormSchema>
