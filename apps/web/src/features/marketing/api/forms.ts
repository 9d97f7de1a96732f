import type { AccessRequestForm, FormSubmission, FormSubmissionResult } from '@app/contracts'
import { api } from '@/lib/api-client'

/** The free-access request as the sales inbox reads it (spec §7: content holds every field). */
export function toFormSubmission(form: AccessRequestForm): FormSubmission {
  return {
    title: 'Solicitud de acceso gratuito',
    subject: `Acceso gratuito: ${form.name} (${form.city})`,
    email: form.email,
    content: [`Nombre: ${form.name}`, `Email: ${form.email}`, `WhatsApp: ${form.phone}`, `Ciudad: ${form.city}`].join('\n'),
  }
}

export function submitAccessRequest(form: AccessRequestForm) {
  return api.post<FormSubmissionResult>('/forms', toFormSubmission(form), { auth: false })
}
