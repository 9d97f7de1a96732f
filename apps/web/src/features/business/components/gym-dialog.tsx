import { GymInputSchema, type Gym } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Controller, useForm, type FieldPath } from 'react-hook-form'
import { toast } from 'sonner'
import type { z } from 'zod'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { errorText, serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { formResolver } from '@/lib/form-resolver'
import { ApiError } from '@/lib/api-client'
import { createGym, updateGym } from '../api/business-api'
import { businessKeys } from '../hooks/use-business-data'
import { DialogActions, DialogFields, type FieldSpec } from './dialog-fields'

type GymFormInput = z.input<typeof GymInputSchema>
type GymFormOutput = z.output<typeof GymInputSchema>

const empty: GymFormInput = { name: '', email: '', address: '', city: '', state: '', zipCode: '', phone: '', description: '', isActive: true }

const fields: FieldSpec<GymFormInput>[] = [
  { name: 'name', label: 'Gym Name', wide: true, input: { autoComplete: 'organization', placeholder: 'e.g., Iron Temple Gym' } },
  { name: 'email', label: 'Email', input: { type: 'email', autoComplete: 'email', placeholder: 'contact@yourgym.com' } },
  { name: 'phone', label: 'Phone', input: { type: 'tel', autoComplete: 'tel', placeholder: '+56 2 2345 6789' } },
  { name: 'address', label: 'Address', wide: true, input: { autoComplete: 'street-address' } },
  { name: 'city', label: 'City', input: { autoComplete: 'address-level2' } },
  { name: 'state', label: 'State', input: { autoComplete: 'address-level1' } },
  { name: 'zipCode', label: 'Zip Code', input: { autoComplete: 'postal-code' } },
]

/** Creates the owner's gym or edits it; on save it closes, clears and the gym reloads (spec §4). */
export function GymDialog({ open, onOpenChange, gym }: { open: boolean; onOpenChange: (open: boolean) => void; gym: Gym | null }) {
  const isEdit = Boolean(gym)
  const queryClient = useQueryClient()
  const form = useForm<GymFormInput, unknown, GymFormOutput>({ resolver: formResolver(GymInputSchema, errorsT), defaultValues: empty })
  const { errors } = form.formState

  useEffect(() => {
    if (!open) return
    // Only the editable fields: the strict schema refuses id and timestamps.
    form.reset(
      gym
        ? { name: gym.name, email: gym.email, address: gym.address, city: gym.city, state: gym.state, zipCode: gym.zipCode, phone: gym.phone, description: gym.description ?? '', isActive: gym.isActive }
        : empty,
    )
  }, [open, gym, form])

  const mutation = useMutation({
    mutationFn: (values: GymFormOutput) => (gym ? updateGym(gym.id, values) : createGym(values)),
    onSuccess: async () => {
      toast.success(isEdit ? 'Gym updated successfully!' : 'Gym created successfully!')
      form.reset(empty)
      onOpenChange(false)
      await queryClient.invalidateQueries({ queryKey: businessKeys.myGym })
    },
    onError: (err) => {
      for (const [field, code] of Object.entries((err instanceof ApiError && err.errors) || {})) {
        if (field in empty) form.setError(field as FieldPath<GymFormInput>, { type: code, message: errorText(field, code, errorsT) })
      }
      // A refusal the server explains (e.g. a second gym) says what happened; others get the spec's text.
      const fallback = isEdit ? 'Failed to update gym. Please try again.' : 'Failed to create gym. Please try again.'
      toast.error(err instanceof ApiError && err.status === 409 ? serverErrorText(err, errorsT, fallback).message : fallback)
    },
  })

  const onSubmit = form.handleSubmit((values) => mutation.mutate(values))

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Gym' : 'Create New Gym'}</DialogTitle>
          <DialogDescription>{isEdit ? 'Update your gym information.' : 'Add your gym to start managing trainers.'}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <DialogFields form={form} fields={fields} idPrefix="gym" />
            <FormField
              id="gym-description"
              label="Description (optional)"
              containerClassName="sm:col-span-2"
              error={errors.description?.message}
              render={(aria) => <Textarea {...aria} rows={3} placeholder="Facilities, opening hours, specialties..." {...form.register('description')} />}
            />
            {isEdit && (
              <div className="flex items-center gap-3 sm:col-span-2">
                <Controller
                  control={form.control}
                  name="isActive"
                  render={({ field }) => <Checkbox id="gym-isActive" checked={field.value ?? true} onCheckedChange={(v) => field.onChange(v === true)} />}
                />
                <Label htmlFor="gym-isActive">Gym is active</Label>
              </div>
            )}
          </div>
          <DialogActions pending={mutation.isPending} submitLabel={isEdit ? 'Update Gym' : 'Create Gym'} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
