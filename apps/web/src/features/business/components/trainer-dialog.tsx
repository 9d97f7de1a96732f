import { TrainerWithUserInputSchema, type Gym, type Trainer, type TrainerCreated } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { serverErrorText } from '@/lib/error-text'
import { applyFieldErrors } from '@/lib/field-errors'
import { errorsT } from '@/lib/i18n'
import { formResolver } from '@/lib/form-resolver'
import { createTrainerWithUser, updateTrainer } from '../api/business-api'
import { businessKeys } from '../hooks/use-business-data'
import { DialogActions, DialogFields, type FieldSpec } from './dialog-fields'

type TrainerFormInput = z.input<typeof TrainerWithUserInputSchema>
type TrainerFormOutput = z.output<typeof TrainerWithUserInputSchema>

const empty = (gymId: string): TrainerFormInput => ({
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  specialization: '',
  experience: 0,
  gymId,
})

/** 'Create New Trainer Account' or 'Edit Trainer'; on success closes, clears and reloads the list (spec §4). */
export function TrainerDialog({
  open,
  onOpenChange,
  gym,
  trainer,
  onCreated,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  gym: Gym
  trainer: Trainer | null
  onCreated: (trainer: TrainerCreated) => void
}) {
  const { t } = useTranslation('business', { keyPrefix: 'dashboard.trainerDialog' })
  const fields: (FieldSpec<TrainerFormInput> & { createOnly?: boolean })[] = [
    { name: 'firstName', label: t('firstName'), input: { autoComplete: 'off' } },
    { name: 'lastName', label: t('lastName'), input: { autoComplete: 'off' } },
    { name: 'email', label: t('email'), input: { type: 'email', autoComplete: 'off', placeholder: t('emailPlaceholder') } },
    { name: 'phone', label: t('phone'), input: { type: 'tel', autoComplete: 'off', placeholder: t('phonePlaceholder') } },
    {
      name: 'password',
      label: t('password'),
      optional: true,
      createOnly: true,
      wide: true,
      hint: t('passwordHint'),
      input: { type: 'password', autoComplete: 'new-password', placeholder: t('passwordPlaceholder') },
    },
    { name: 'specialization', label: t('specialization'), wide: true, input: { placeholder: t('specializationPlaceholder') } },
    { name: 'experience', label: t('experience'), number: true, input: { type: 'number', min: 0, step: 1, inputMode: 'numeric' } },
  ]
  const isEdit = Boolean(trainer)
  const queryClient = useQueryClient()
  const form = useForm<TrainerFormInput, unknown, TrainerFormOutput>({
    // One schema for both modes: the edit form has no password field and the value is dropped on save.
    resolver: formResolver(TrainerWithUserInputSchema, errorsT),
    defaultValues: empty(gym.id),
  })

  useEffect(() => {
    if (!open) return
    form.reset(
      trainer
        ? {
            firstName: trainer.firstName,
            lastName: trainer.lastName,
            email: trainer.email,
            phone: trainer.phone,
            specialization: trainer.specialization,
            experience: trainer.experience,
            gymId: gym.id,
          }
        : empty(gym.id),
    )
  }, [open, trainer, gym.id, form])

  const mutation = useMutation({
    mutationFn: async (values: TrainerFormOutput) => {
      const { password, ...rest } = values
      const body = { ...rest, gymId: gym.id }
      return trainer ? updateTrainer(trainer.id, body) : createTrainerWithUser({ ...body, ...(password ? { password } : {}) })
    },
    onSuccess: async (saved) => {
      toast.success(t('success'), { description: isEdit ? t('updated') : t('created') })
      form.reset(empty(gym.id))
      onOpenChange(false)
      if (!isEdit) onCreated(saved as TrainerCreated)
      await queryClient.invalidateQueries({ queryKey: businessKeys.trainers(gym.id) })
    },
    onError: (err) => {
      applyFieldErrors(
        form.setError,
        err,
        fields.map((f) => f.name),
        errorsT,
      )
      // The plan limit and similar refusals say what happened; other failures get the spec's text.
      const fallback = isEdit ? t('updateFailed') : t('createFailed')
      const explained = err instanceof ApiError && (err.status === 409 || err.status === 429)
      toast.error(t('error'), { description: explained ? serverErrorText(err, errorsT, fallback).message : fallback })
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
            <DialogFields form={form} fields={fields.filter((f) => !(isEdit && f.createOnly))} idPrefix="trainer" />
            <FormField id="trainer-gym" label={t('gym')} value={gym.name} readOnly aria-readonly="true" />
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
