import { AccountProfileUpdateSchema, type AccountProfile } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { serverErrorText } from '@/lib/error-text'
import { applyFieldErrors } from '@/lib/field-errors'
import { formResolver } from '@/lib/form-resolver'
import { errorsT } from '@/lib/i18n'
import { accountKeys, updateAccountProfile } from '../api/account-privacy-api'

type Input = z.input<typeof AccountProfileUpdateSchema>
type Output = z.output<typeof AccountProfileUpdateSchema>

/** Rectification (issue 20): the person corrects their own name and phone. */
export function ProfileCard({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation('account', { keyPrefix: 'profile' })
  const queryClient = useQueryClient()
  const form = useForm<Input, unknown, Output>({
    resolver: formResolver(AccountProfileUpdateSchema, errorsT),
    defaultValues: { firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone ?? '' },
  })
  const save = useMutation({
    mutationFn: (values: Output) => updateAccountProfile({ ...values, phone: values.phone ? values.phone : null }),
    onSuccess: (saved) => {
      queryClient.setQueryData(accountKeys.profile, saved)
      form.reset({ firstName: saved.firstName, lastName: saved.lastName, phone: saved.phone ?? '' })
      toast.success(t('saved'))
    },
    onError: (err) => {
      if (!applyFieldErrors(form.setError, err, ['firstName', 'lastName', 'phone'], errorsT)) {
        toast.error(serverErrorText(err, errorsT, t('saveFailed')).message)
      }
    },
  })
  const { errors } = form.formState
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          <FormField id="account-email" label={t('email')} value={profile.email} readOnly />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="account-first-name"
              label={t('firstName')}
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <FormField
              id="account-last-name"
              label={t('lastName')}
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </div>
          <FormField
            id="account-phone"
            label={t('phone')}
            type="tel"
            autoComplete="tel"
            hint={t('phoneHint')}
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <Button type="submit" className="justify-self-start" disabled={save.isPending || !form.formState.isDirty}>
            {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
