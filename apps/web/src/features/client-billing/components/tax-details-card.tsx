import { ClientTaxIdentityInputSchema, formatRut, isValidRut, type ClientTaxIdentity } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Loader2, ReceiptText } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { Skeleton } from '@/components/ui/skeleton'
import { serverErrorText, type Lang, type TextSource } from '@/lib/error-text'
import { applyFieldErrors } from '@/lib/field-errors'
import { formResolver } from '@/lib/form-resolver'
import { clearTaxDetails, getTaxDetails, saveTaxDetails, taxDetailsKey } from '../api/tax-details-api'
import { TAX_DETAILS_TEXT } from '../lib/tax-details-texts'

type Input = z.input<typeof ClientTaxIdentityInputSchema>
type Output = z.output<typeof ClientTaxIdentityInputSchema>
const FIELDS = ['rut', 'legalName', 'activity'] as const

interface Props {
  /** The card's language; Mi suscripción is Spanish. */
  language?: Lang
  /** Where the error texts come from: 'es' without i18next, `errorsT` on screens with it. */
  errors?: TextSource
}

/**
 * "Datos para factura" / "Invoice details" (issue 27, decision 237): the client's RUT, razón social
 * and giro, which their trainer's or gym's monthly statement shows beside their payments so that
 * the seller can issue a factura. Saved or removed as a whole.
 */
export function TaxDetailsCard({ language = 'es', errors = 'es' }: Props) {
  const w = TAX_DETAILS_TEXT[language]
  const current = useQuery({ queryKey: taxDetailsKey, queryFn: getTaxDetails })
  return (
    <Card id="datos-factura" aria-labelledby="tax-details-title">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ReceiptText className="size-5 text-primary" aria-hidden="true" />
          <h2 id="tax-details-title" className="text-lg">
            {w.title}
          </h2>
        </CardTitle>
        <CardDescription>{w.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {current.data ? (
          <TaxDetailsForm saved={current.data} language={language} errors={errors} />
        ) : current.isError ? (
          <div className="grid gap-3">
            <ErrorAlert>{serverErrorText(current.error, errors, w.loadFailed).message}</ErrorAlert>
            <Button variant="outline" className="w-fit" onClick={() => void current.refetch()}>
              {w.retry}
            </Button>
          </div>
        ) : (
          <div role="status" aria-label={w.loading} className="grid gap-2">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  )
}

const valuesOf = (saved: ClientTaxIdentity): Input => ({
  rut: saved.rut ? formatRut(saved.rut) : '',
  legalName: saved.legalName ?? '',
  activity: saved.activity ?? '',
})

function TaxDetailsForm({ saved, language, errors: source }: { saved: ClientTaxIdentity; language: Lang; errors: TextSource }) {
  const w = TAX_DETAILS_TEXT[language]
  const queryClient = useQueryClient()
  const form = useForm<Input, unknown, Output>({
    resolver: formResolver(ClientTaxIdentityInputSchema, source),
    defaultValues: valuesOf(saved),
  })
  const done = (message: string) => (next: ClientTaxIdentity) => {
    queryClient.setQueryData(taxDetailsKey, next)
    form.reset(valuesOf(next))
    toast.success(message)
  }
  const save = useMutation({
    mutationFn: saveTaxDetails,
    onSuccess: done(w.saved),
    onError: (err) => {
      if (!applyFieldErrors(form.setError, err, FIELDS, source)) toast.error(serverErrorText(err, source, w.saveFailed).message)
    },
  })
  const clear = useMutation({
    mutationFn: clearTaxDetails,
    onSuccess: done(w.cleared),
    onError: (err) => toast.error(serverErrorText(err, source, w.clearFailed).message),
  })
  const busy = save.isPending || clear.isPending
  const { errors } = form.formState
  const rut = form.register('rut', {
    // Tidied to 12.345.678-5 once typed, as the trainer's card does.
    onBlur: (event: React.FocusEvent<HTMLInputElement>) => {
      const typed = event.target.value
      if (isValidRut(typed)) form.setValue('rut', formatRut(typed), { shouldDirty: true })
    },
  })
  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <FormField
        id="client-tax-rut"
        label={w.rut}
        hint={w.rutHint}
        autoComplete="off"
        spellCheck={false}
        error={errors.rut?.message}
        {...rut}
      />
      <FormField
        id="client-tax-legal-name"
        label={w.legalName}
        hint={w.legalNameHint}
        autoComplete="organization"
        error={errors.legalName?.message}
        {...form.register('legalName')}
      />
      <FormField id="client-tax-activity" label={w.activity} error={errors.activity?.message} {...form.register('activity')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || !form.formState.isDirty}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {w.save}
        </Button>
        {saved.rut ? (
          <Button type="button" variant="ghost" disabled={busy} onClick={() => clear.mutate()}>
            {clear.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {w.clear}
          </Button>
        ) : null}
      </div>
    </form>
  )
}
