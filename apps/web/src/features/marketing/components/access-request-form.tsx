import { ACCESS_REQUEST_LIMITS, AccessRequestFormSchema, type AccessRequestForm as AccessRequestValues } from '@app/contracts'
import { Loader2 } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { brand } from '@/lib/brand'
import { serverErrorText } from '@/lib/error-text'
import { formResolver } from '@/lib/form-resolver'
import { submitAccessRequest } from '../api/forms'

/** Texts of spec §5 and §8, keyed by what happened. */
export const accessRequestTexts = {
  missing: 'Por favor completa todos los campos',
  sending: 'Enviando...',
  submit: 'Solicitar acceso gratuito',
  success: 'Solicitud enviada exitosamente',
  successDescription: `Te contactaremos pronto para activar tu acceso gratuito a ${brand.name}.`,
  failure: 'Ocurrió un error al enviar tu solicitud. Por favor intenta nuevamente.',
} as const

const empty: AccessRequestValues = { name: '', email: '', phone: '', city: '' }

const fields = [
  { name: 'name', label: 'Nombre', type: 'text', autoComplete: 'name', placeholder: 'Tu nombre y apellido' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'tu@correo.cl' },
  { name: 'phone', label: 'Teléfono (WhatsApp)', type: 'tel', autoComplete: 'tel', placeholder: '+56 9 1234 5678' },
  { name: 'city', label: 'Ciudad', type: 'text', autoComplete: 'address-level2', placeholder: 'Ej.: Santiago' },
] as const

export default function AccessRequestForm() {
  const form = useForm<AccessRequestValues>({ resolver: formResolver(AccessRequestFormSchema, 'es'), defaultValues: empty })
  const { errors, isSubmitting } = form.formState
  // One message for the form (spec §5): any field missing, else what is wrong with the e-mail.
  const missing = Object.values(errors).some((e) => e?.type === 'required')
  const message = missing ? accessRequestTexts.missing : errors.email ? errors.email.message : Object.values(errors)[0]?.message

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submitAccessRequest(values)
      toast.success(accessRequestTexts.success, { description: accessRequestTexts.successDescription })
      form.reset(empty)
    } catch (err) {
      // A refusal the server explains (a field, too many requests) says so; else the spec's text.
      toast.error(serverErrorText(err, 'es', accessRequestTexts.failure).message)
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-describedby={message ? 'access-request-error' : undefined} className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((f) => (
          <div key={f.name} className="grid gap-2">
            <Label htmlFor={`access-${f.name}`}>{f.label}</Label>
            <Input
              id={`access-${f.name}`}
              type={f.type}
              autoComplete={f.autoComplete}
              placeholder={f.placeholder}
              maxLength={ACCESS_REQUEST_LIMITS[f.name]}
              aria-invalid={errors[f.name] ? true : undefined}
              aria-describedby={errors[f.name] ? 'access-request-error' : undefined}
              {...form.register(f.name)}
            />
          </div>
        ))}
      </div>
      <p id="access-request-error" role="alert" className="min-h-5 text-sm font-medium text-destructive">
        {message}
      </p>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
        {isSubmitting && <Loader2 className="animate-spin" aria-hidden="true" />}
        {isSubmitting ? accessRequestTexts.sending : accessRequestTexts.submit}
      </Button>
    </form>
  )
}
