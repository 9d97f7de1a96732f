import { AdminAccountActionSchema } from '@app/contracts'
import { Loader2 } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'
import { serverErrorText } from '@/lib/error-text'
import { formResolver } from '@/lib/form-resolver'
import { errorsT } from '@/lib/i18n'

type Reason = z.output<typeof AdminAccountActionSchema>

/**
 * A confirmation that asks why (the reason goes to the audit log). Stays open with the server's
 * answer in words when the action fails.
 */
export function ReasonDialog({
  trigger,
  title,
  description,
  confirm,
  destructive,
  onConfirm,
}: {
  trigger: ReactNode
  title: string
  description: string
  confirm: string
  destructive?: boolean
  onConfirm: (reason: string) => Promise<unknown>
}) {
  const { t } = useTranslation('admin')
  const [open, setOpen] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<z.input<typeof AdminAccountActionSchema>, unknown, Reason>({
    resolver: formResolver(AdminAccountActionSchema, errorsT),
    defaultValues: { reason: '' },
  })
  const submitting = form.formState.isSubmitting

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setFailure(null)
    try {
      await onConfirm(reason)
      setOpen(false)
      form.reset()
    } catch (error) {
      setFailure(serverErrorText(error, errorsT, t('saveFailed')).message)
    }
  })

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (!next) setFailure(null)
      }}
    >
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>{title}</AlertDialogTitle>
            <AlertDialogDescription>{description}</AlertDialogDescription>
          </AlertDialogHeader>
          <FormField
            label={t('reason')}
            error={form.formState.errors.reason?.message}
            render={(aria) => <Textarea {...aria} rows={3} {...form.register('reason')} />}
          />
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <AlertDialogFooter>
            <AlertDialogCancel type="button">{t('cancel')}</AlertDialogCancel>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={submitting}>
              {submitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {confirm}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  )
}
