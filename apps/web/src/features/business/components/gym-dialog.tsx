import { GymInputSchema, type Gym } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { serverErrorText } from '@/lib/error-text'
import { applyFieldErrors } from '@/lib/field-errors'
import { errorsT } from '@/lib/i18n'
import { formResolver } from '@/lib/form-resolver'
import { ApiError } from '@/lib/api-client'
import { createGym, updateGym } from '../api/business-api'
import { businessKeys } from '../hooks/use-business-data'
import { DialogActions, DialogFields, type FieldSpec } from './dialog-fields'

type GymFormInput = z.input<typeof GymInputSchema>
type GymFormOutput = z.output<typeof GymInputSchema>

const empty: GymFormInput = {
  name: '',
  email: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  phone: '',
  description: '',
  isActive: true,
}

/** Creates the owner's gym or edits it; on save it closes, clears and the gym reloads (spec §4). */
export function GymDialog({ open, onOpenChange, gym }: { open: boolean; onOpenChange: (open: boolean) => void; gym: Gym | null }) {
  const { t } = useTranslation('business', { keyPrefix: 'dashboard.gymDialog' })
  const fields: FieldSpec<GymFormInput>[] = [
    { name: 'name', label: t('name'), wide: true, input: { autoComplete: 'organization', placeholder: t('namePlaceholder') } },
    { name: 'email', label: t('email'), input: { type: 'email', autoComplete: 'email', placeholder: t('emailPlaceholder') } },
    { name: 'phone', label: t('phone'), input: { type: 'tel', autoComplete: 'tel', placeholder: t('phonePlaceholder') } },
    { name: 'address', label: t('address'), wide: true, input: { autoComplete: 'street-address' } },
    { name: 'city', label: t('city'), input: { autoComplete: 'address-level2' } },
    { name: 'state', label: t('state'), input: { autoComplete: 'address-level1' } },
    { name: 'zipCode', label: t('zipCode'), input: { autoComplete: 'postal-code' } },
  ]
  const isEdit = Boolean(gym)
  const queryClient = useQueryClient()
  const form = useForm<GymFormInput, unknown, GymFormOutput>({ resolver: formResolver(GymInputSchema, errorsT), defaultValues: empty })
  const { errors } = form.formState

  useEffect(() => {
    if (!open) return
    // Only the editable fields: the strict schema refuses id and timestamps.
    form.reset(
      gym
        ? {
            name: gym.name,
            email: gym.email,
            address: gym.address,
            city: gym.city,
            state: gym.state,
            zipCode: gym.zipCode,
            phone: gym.phone,
            description: gym.description ?? '',
            isActive: gym.isActive,
          }
        : empty,
    )
  }, [open, gym, form])

  const mutation = useMutation({
    mutationFn: (values: GymFormOutput) => (gym ? updateGym(gym.id, values) : createGym(values)),
    onSuccess: async () => {
      toast.success(isEdit ? t('updated') : t('created'))
      form.reset(empty)
      onOpenChange(false)
      await queryClient.invalidateQueries({ queryKey: businessKeys.myGym })
    },
    onError: (err) => {
      applyFieldErrors(form.setError, err, Object.keys(empty), errorsT)
      // A refusal the server explains (e.g. a second gym) says what happened; others get the spec's text.
      const fallback = isEdit ? t('updateFailed') : t('createFailed')
      toast.error(err instanceof ApiError && err.status === 409 ? serverErrorText(err, errorsT, fallback).message : fallback)
    },
  })

  const onSubmit = form.handleSubmit((values) => mutation.mutate(values))

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? t('editTitle') : t('createTitle')}</DialogTitle>
          <DialogDescription>{isEdit ? t('editDescription') : t('createDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <DialogFields form={form} fields={fields} idPrefix="gym" />
            <FormField
              id="gym-description"
              label={t('description')}
              containerClassName="sm:col-span-2"
              error={errors.description?.message}
              render={(aria) => <Textarea {...aria} rows={3} placeholder={t('descriptionPlaceholder')} {...form.register('description')} />}
            />
            {isEdit && (
              <div className="flex items-center gap-3 sm:col-span-2">
                <Controller
                  control={form.control}
                  name="isActive"
                  render={({ field }) => (
                    <Checkbox id="gym-isActive" checked={field.value ?? true} onCheckedChange={(v) => field.onChange(v === true)} />
                  )}
                />
                <Label htmlFor="gym-isActive">{t('isActive')}</Label>
              </div>
            )}
          </div>
          <DialogActions
            pending={mutation.isPending}
            submitLabel={isEdit ? t('update') : t('create')}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  )
}
