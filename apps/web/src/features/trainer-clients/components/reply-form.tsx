import { SessionReplyInputSchema } from '@app/contracts'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { z } from 'zod'
import { Spinner } from '@/components/states'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'
import { serverErrorText } from '@/lib/error-text'
import { applyFieldErrors } from '@/lib/field-errors'
import { formResolver } from '@/lib/form-resolver'
import { errorsT } from '@/lib/i18n'
import { useReply } from '../api/clients-api'

type Reply = z.output<typeof SessionReplyInputSchema>

/** The trainer's answer under a client's comment, checked by the contract's own schema. */
export function ReplyForm({
  clientUserId,
  clientName,
  sessionId,
  initial,
  onDone,
  onSaved,
}: {
  clientUserId: string
  clientName: string
  sessionId: string
  initial: string
  /** Called after a save or a cancel (editing an answer); absent for a first answer. */
  onDone?: () => void
  /** Called after a save, before the form goes away. */
  onSaved: () => void
}) {
  const { t } = useTranslation('trainer-clients', { keyPrefix: 'workouts' })
  const reply = useReply(clientUserId)
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<z.input<typeof SessionReplyInputSchema>, unknown, Reply>({
    resolver: formResolver(SessionReplyInputSchema, errorsT),
    defaultValues: { reply: initial },
  })
  const box = useRef<HTMLTextAreaElement | null>(null)
  // Editing opens on the text, ready to type.
  useEffect(() => {
    if (onDone) box.current?.focus()
  }, [onDone])

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      await reply.mutateAsync({ sessionId, reply: values.reply })
      toast.success(t('sent'))
      form.reset({ reply: '' })
      onSaved()
      onDone?.()
    } catch (error) {
      if (!applyFieldErrors(form.setError, error, ['reply'], errorsT)) setFailure(serverErrorText(error, errorsT, t('sendFailed')).message)
    }
  })
  const { ref, ...field } = form.register('reply')
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-2">
      <FormField
        label={t('replyLabel', { name: clientName })}
        hint={t('replyHint')}
        error={form.formState.errors.reply?.message}
        render={(aria) => (
          <Textarea
            {...aria}
            {...field}
            ref={(element) => {
              ref(element)
              box.current = element
            }}
            rows={2}
          />
        )}
      />
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
          <Spinner show={form.formState.isSubmitting} />
          {t('send')}
        </Button>
        {onDone ? (
          <Button type="button" size="sm" variant="ghost" onClick={onDone}>
            {t('cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  )
}
