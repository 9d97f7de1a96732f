import { TrainerWithUserInputSchema, type Gym, type Trainer, type TrainerCreated } from '@app/contracts'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useForm, type FieldPath } from 'react-hook-form'
import { toast } from 'sonner'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { ApiError } from '@/lib/api-client'
import { createTrainerWithUser, updateTrainer } from '../api/business-api'
import { apiFieldErrors, fieldMessage } from '../form-errors'
import { businessKeys } from '../hooks/use-business-data'
import { FieldError } from './auth-card'

type TrainerFormInput = z.input<typeof TrainerWithUserInputSchema>
type TrainerFormOutput = z.output<typeof TrainerWithUserInputSchema>

const empty = (gymId: string): TrainerFormInput => ({ firstName: '', lastName: '', email: '', phone: '', password: '', specialization: '', experience: 0, gymId })

type TextField = Exclude<FieldPath<TrainerFormInput>, 'experience' | 'gymId' | 'isActive'>
const fields: { name: TextField; label: string; type?: string; autoComplete?: string; placeholder?: string; createOnly?: boolean; hint?: string; wide?: boolean }[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'off' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'off' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off', placeholder: 'trainer@example.com' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'off', placeholder: '+56 9 1234 5678' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    placeholder: 'Leave empty to auto-generate',
    createOnly: true,
    hint: 'If left empty, a secure password will be generated automatically.',
    wide: true,
  },
  { name: 'specialization', label: 'Specialization', placeholder: 'e.g., Weight Training, Cardio, Yoga', wide: true },
]
const LABELS: Record<string, string> = { ...Object.fromEntries(fields.map((f) => [f.name, f.label])), experience: 'Experience' }

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
  const isEdit = Boolean(trainer)
  const queryClient = useQueryClient()
  const form = useForm<TrainerFormInput, unknown, TrainerFormOutput>({
    // One schema for both modes: the edit form has no password field and the value is dropped on save.
    resolver: zodResolver(TrainerWithUserInputSchema),
    defaultValues: empty(gym.id),
  })
  const { errors } = form.formState

  useEffect(() => {
    if (!open) return
    form.reset(
      trainer
        ? { firstName: trainer.firstName, lastName: trainer.lastName, email: trainer.email, phone: trainer.phone, specialization: trainer.specialization, experience: trainer.experience, gymId: gym.id }
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
      toast.success('Success', { description: isEdit ? 'Trainer updated successfully!' : 'Trainer created successfully!' })
      form.reset(empty(gym.id))
      onOpenChange(false)
      if (!isEdit) onCreated(saved as TrainerCreated)
      await queryClient.invalidateQueries({ queryKey: businessKeys.trainers(gym.id) })
    },
    onError: (err) => {
      const fieldErrors = apiFieldErrors(err)
      for (const [field, code] of Object.entries(fieldErrors)) {
        if (field in LABELS) form.setError(field as FieldPath<TrainerFormInput>, { message: code })
      }
      // The plan limit and similar refusals say what happened; other failures get the spec's text.
      const explained = err instanceof ApiError && (err.status === 409 || err.status === 429)
      toast.error('Error', { description: explained ? err.message : `Failed to ${isEdit ? 'update' : 'create'} trainer. Please try again.` })
    },
  })

  const onSubmit = form.handleSubmit((values) => mutation.mutate(values))
  const experienceError = fieldMessage(errors.experience?.message, 'Experience')

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Trainer' : 'Create New Trainer Account'}</DialogTitle>
          <DialogDescription>
            {isEdit ? 'Update the trainer’s information.' : 'The trainer will be able to sign in with this email and password.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {fields
              .filter((f) => !(isEdit && f.createOnly))
              .map((f) => {
                const message = fieldMessage(errors[f.name]?.message, f.label)
                const describedBy = [message ? `trainer-${f.name}-error` : '', f.hint ? `trainer-${f.name}-hint` : ''].filter(Boolean).join(' ') || undefined
                return (
                  <div key={f.name} className={f.wide ? 'grid gap-2 sm:col-span-2' : 'grid gap-2'}>
                    <Label htmlFor={`trainer-${f.name}`}>
                      {f.label}
                      {f.createOnly ? ' (optional)' : ' *'}
                    </Label>
                    <Input
                      id={`trainer-${f.name}`}
                      type={f.type ?? 'text'}
                      autoComplete={f.autoComplete}
                      placeholder={f.placeholder}
                      aria-invalid={!!message}
                      aria-describedby={describedBy}
                      {...form.register(f.name)}
                    />
                    {f.hint && (
                      <p id={`trainer-${f.name}-hint`} className="text-xs text-muted-foreground">
                        {f.hint}
                      </p>
                    )}
                    <FieldError id={`trainer-${f.name}-error`} message={message} />
                  </div>
                )
              })}
            <div className="grid gap-2">
              <Label htmlFor="trainer-experience">Experience (years) *</Label>
              <Input
                id="trainer-experience"
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                aria-invalid={!!experienceError}
                aria-describedby={experienceError ? 'trainer-experience-error' : undefined}
                {...form.register('experience', { valueAsNumber: true })}
              />
              <FieldError id="trainer-experience-error" message={experienceError} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="trainer-gym">Gym</Label>
              <Input id="trainer-gym" value={gym.name} readOnly aria-readonly="true" />
            </div>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Saving...' : isEdit ? 'Update Trainer' : 'Create Trainer'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
