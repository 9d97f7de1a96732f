import { Pencil } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'
import { formResolver } from '@/lib/form-resolver'
import { useErrorWords } from '../lib/error-words'
import { fromItemForm, ItemFormSchema, toItemForm, type ItemFields, type ItemForm } from '../lib/item-form'

const selectClass =
  'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-sm shadow-sm focus-visible:border-ring aria-invalid:border-destructive'

const LOAD_KINDS = ['none', 'kg', 'percent1rm', 'rpe', 'rir'] as const

/** "Editar" of one exercise of a day: sets, reps (a range) or time, load, rest, tempo and notes. */
export function ItemDialog({ name, item, onSave }: { name: string; item: ItemFields; onSave: (fields: ItemFields) => void }) {
  const { t } = useTranslation('program-builder', { keyPrefix: 'item' })
  const words = useErrorWords()
  const [open, setOpen] = useState(false)
  const form = useForm<ItemForm>({ resolver: formResolver(ItemFormSchema, words), defaultValues: toItemForm(item) })
  const { errors } = form.formState
  const mode = form.watch('mode')
  const loadKind = form.watch('load.kind')
  const num = { valueAsNumber: true } as const

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset(toItemForm(item))
        setOpen(next)
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" className="size-10 px-0 sm:w-auto sm:px-3" aria-label={t('edit', { name })}>
          <Pencil aria-hidden="true" />
          <span className="hidden sm:inline">{t('editShort')}</span>
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('close')}>
        <DialogHeader>
          <DialogTitle>{name}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.stopPropagation()
            void form.handleSubmit((values) => {
              onSave(fromItemForm(values))
              setOpen(false)
            })(event)
          }}
        >
          <div className="grid grid-cols-2 gap-3">
            <FormField
              label={t('sets')}
              type="number"
              inputMode="numeric"
              min={1}
              error={errors.sets?.message}
              {...form.register('sets', num)}
            />
            <FormField
              label={t('mode')}
              render={(aria) => (
                <select {...aria} className={selectClass} {...form.register('mode')}>
                  <option value="reps">{t('modeReps')}</option>
                  <option value="time">{t('modeTime')}</option>
                </select>
              )}
            />
          </div>
          {mode === 'reps' ? (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">{t('reps')}</legend>
              <div className="grid grid-cols-2 gap-3">
                <FormField
                  label={t('repsMin')}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  error={errors.reps?.min?.message}
                  {...form.register('reps.min', num)}
                />
                <FormField
                  label={t('repsMax')}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  hint={t('repsHint')}
                  error={errors.reps?.max?.message ?? errors.reps?.message}
                  {...form.register('reps.max', num)}
                />
              </div>
            </fieldset>
          ) : (
            <FormField
              label={t('seconds')}
              type="number"
              inputMode="numeric"
              min={1}
              error={errors.seconds?.message}
              {...form.register('seconds', num)}
            />
          )}
          <div className="grid grid-cols-2 gap-3">
            <FormField
              label={t('loadKind')}
              render={(aria) => (
                <select {...aria} className={selectClass} {...form.register('load.kind')}>
                  {LOAD_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`loadKinds.${kind}`)}
                    </option>
                  ))}
                </select>
              )}
            />
            {loadKind !== 'none' ? (
              <FormField
                label={t(`loadValue.${loadKind}`)}
                type="number"
                inputMode="decimal"
                step={loadKind === 'kg' ? 0.25 : loadKind === 'rpe' ? 0.5 : 1}
                hint={t(`loadHint.${loadKind}`)}
                error={errors.load?.value?.message ?? errors.load?.message}
                {...form.register('load.value', num)}
              />
            ) : null}
          </div>
          <div className="grid grid-cols-2 gap-3">
            <FormField
              label={t('rest')}
              type="number"
              inputMode="numeric"
              min={0}
              hint={t('restHint')}
              error={errors.restSeconds?.message}
              {...form.register('restSeconds', num)}
            />
            <FormField
              label={t('tempo')}
              autoComplete="off"
              maxLength={4}
              hint={t('tempoHint')}
              error={errors.tempo?.message}
              {...form.register('tempo')}
            />
          </div>
          <FormField
            label={t('notes')}
            error={errors.notes?.message}
            render={(aria) => <Textarea {...aria} rows={2} {...form.register('notes')} />}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit">{t('save')}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
