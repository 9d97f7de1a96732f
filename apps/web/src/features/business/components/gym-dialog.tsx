import { GymInputSchema, type Gym } from '@app/contracts'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Controller, useForm, type FieldPath } from 'react-hook-form'
import { toast } from 'sonner'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { createGym, updateGym } from '../api/business-api'
import { apiFieldErrors, fieldMessage } from '../form-errors'
import { businessKeys } from '../hooks/use-business-data'
import { FieldError } from './auth-card'

type GymFormInput = z.input<typeof GymInputSchema>
type GymFormOutput = z.output<typeof GymInputSchema>

const empty: GymFormInput = { name: '', email: '', address: '', city: '', state: '', zipCode: '', phone: '', description: '', isActive: true }

const fields: { name: Exclude<FieldPath<GymFormInput>, 'isActive' | 'description'>; label: string; type?: string; autoComplete?: string; placeholder?: string; wide?: boolean }[] = [
  { name: 'name', label: 'Gym Name', autoComplete: 'organization', placeholder: 'e.g., Iron Temple Gym', wide: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'contact@yourgym.com' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', placeholder: '+56 2 2345 6789' },
  { name: 'address', label: 'Address', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'zipCode', label: 'Zip Code', autoComplete: 'postal-code' },
]

const labelOf = (name: string) => fields.find((f) => f.name === name)?.label ?? 'Description'

/** Creates the owner's gym or edits it; on save it closes, clears and the gym reloads (spec §4). */
export function GymDialog({ open, onOpenChange, gym }: { open: boolean; onOpenChange: (open: boolean) => void; gym: Gym | null }) {
  const isEdit = Boolean(gym)
  const queryClient = useQueryClient()
  const form = useForm<GymFormInput, unknown, GymFormOutput>({ resolver: zodResolver(GymInputSchema), defaultValues: empty })
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
      for (const [field, code] of Object.entries(apiFieldErrors(err))) {
        if (field in empty) form.setError(field as FieldPath<GymFormInput>, { message: code })
      }
      toast.error(isEdit ? 'Failed to update gym. Please try again.' : 'Failed to create gym. Please try again.')
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
            {fields.map((f) => {
              const message = fieldMessage(errors[f.name]?.message, f.label)
              return (
                <div key={f.name} className={f.wide ? 'grid gap-2 sm:col-span-2' : 'grid gap-2'}>
                  <Label htmlFor={`gym-${f.name}`}>{f.label} *</Label>
                  <Input
                    id={`gym-${f.name}`}
                    type={f.type ?? 'text'}
                    autoComplete={f.autoComplete}
                    placeholder={f.placeholder}
                    aria-invalid={!!message}
                    aria-describedby={message ? `gym-${f.name}-error` : undefined}
                    {...form.register(f.name)}
                  />
                  <FieldError id={`gym-${f.name}-error`} message={message} />
                </div>
              )
            })}
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor="gym-description">Description (optional)</Label>
              <Textarea id="gym-description" rows={3} placeholder="Facilities, opening hours, specialties..." {...form.register('description')} />
              <FieldError id="gym-description-error" message={fieldMessage(errors.description?.message, labelOf('description'))} />
            </div>
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Saving...' : isEdit ? 'Update Gym' : 'Create Gym'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
