import { BusinessTaxIdentityInputSchema, formatRut, isValidRut, TrainerTaxIdentityInputSchema } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Landmark, Loader2 } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { serverErrorText } from '@/lib/error-text'
import { applyFieldErrors } from '@/lib/field-errors'
import { formResolver } from '@/lib/form-resolver'
import { errorsT } from '@/lib/i18n'
import { getTaxIdentity, taxIdentityKeys, updateTaxIdentity, type TaxIdentity, type TaxOwner } from '../api/tax-identity-api'

type Input = z.input<typeof BusinessTaxIdentityInputSchema>
type Output = z.output<typeof BusinessTaxIdentityInputSchema>
const FIELDS = ['rut', 'legalName', 'activity'] as const

/**
 * "Datos tributarios" / "Tax details" (issue 27, decision 214): the trainer's RUT, or the
 * business's RUT, razón social and giro. The RUT is shown formatted and tidied on blur; the
 * server's field errors (invalidRut, rutTaken) land under their field.
 */
export function TaxIdentityCard({ owner }: { owner: TaxOwner }) {
  const { t } = useTranslation('tax-identity', { keyPrefix: 'card' })
  const current = useQuery({ queryKey: taxIdentityKeys.of(owner), queryFn: () => getTaxIdentity(owner) })
  return (
    <Card id="tax-details">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Landmark className="size-5 text-primary" aria-hidden="true" />
          <h2>{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t(`description.${owner}`)}</CardDescription>
      </CardHeader>
      <CardContent>
        {current.data ? (
          <TaxIdentityForm owner={owner} saved={current.data} />
        ) : current.isError ? (
          <ErrorAlert>{serverErrorText(current.error, errorsT, t('loadFailed')).message}</ErrorAlert>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            {t('loading')}
          </p>
        )}
      </CardContent>
    </Card>
  )
}

const valuesOf = (saved: TaxIdentity): Input => ({
  rut: saved.rut ? formatRut(saved.rut) : '',
  legalName: saved.legalName ?? '',
  activity: saved.activity ?? '',
})

function TaxIdentityForm({ owner, saved }: { owner: TaxOwner; saved: TaxIdentity }) {
  const { t } = useTranslation('tax-identity', { keyPrefix: 'card' })
  const queryClient = useQueryClient()
  const isBusiness = owner === 'business'
  const form = useForm<Input, unknown, Output>({
    // The trainer's form has only the RUT: its schema refuses the business's fields.
    resolver: formResolver(
      (isBusiness ? BusinessTaxIdentityInputSchema : TrainerTaxIdentityInputSchema) as typeof BusinessTaxIdentityInputSchema,
      errorsT,
    ),
    defaultValues: isBusiness ? valuesOf(saved) : { rut: valuesOf(saved).rut },
  })
  const save = useMutation({
    mutationFn: (values: Output) => updateTaxIdentity(owner, values),
    onSuccess: (next) => {
      queryClient.setQueryData(taxIdentityKeys.of(owner), next)
      form.reset(isBusiness ? valuesOf(next) : { rut: valuesOf(next).rut })
      toast.success(t('saved'))
    },
    onError: (err) => {
      if (!applyFieldErrors(form.setError, err, FIELDS, errorsT)) toast.error(serverErrorText(err, errorsT, t('saveFailed')).message)
    },
  })
  const { errors } = form.formState
  const rut = form.register('rut', {
    onBlur: (event: React.FocusEvent<HTMLInputElement>) => {
      const typed = event.target.value
      if (isValidRut(typed)) form.setValue('rut', formatRut(typed), { shouldDirty: true })
    },
  })
  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <FormField
        id={`${owner}-tax-rut`}
        label={t('rut')}
        hint={t('rutHint')}
        autoComplete="off"
        inputMode="text"
        spellCheck={false}
        error={errors.rut?.message}
        {...rut}
      />
      {isBusiness ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="business-tax-legal-name"
            label={t('legalName')}
            autoComplete="organization"
            error={errors.legalName?.message}
            {...form.register('legalName')}
          />
          <FormField id="business-tax-activity" label={t('activity')} error={errors.activity?.message} {...form.register('activity')} />
        </div>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={save.isPending || !form.formState.isDirty}>
        {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {t('save')}
      </Button>
    </form>
  )
}
