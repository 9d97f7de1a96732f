import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { ErrorAlert } from '@/components/ui/error-alert'

/**
 * Asks before deleting; focus starts on Cancel (the safe choice) and, on closing, goes back to the
 * button that opened it or, when that row is gone, to its nearest neighbour (lib/focus-return.ts).
 */
export function ConfirmDialog({
  open,
  title,
  question,
  confirm,
  pending,
  error,
  children,
  onConfirm,
  onClose,
  onCloseAutoFocus,
}: {
  open: boolean
  title: string
  question: ReactNode
  /** The confirm button's text and its busy text (default Borrar / Borrando…). */
  confirm?: { idle: string; busy: string }
  pending: boolean
  error?: string | null
  children?: ReactNode
  onConfirm: () => void
  onClose: () => void
  /** Where focus goes on closing, when not back to the trigger (call preventDefault to take over). */
  onCloseAutoFocus?: (event: Event) => void
}) {
  const { t } = useTranslation('progress', { keyPrefix: 'dialog' })
  const words = confirm ?? { idle: t('delete'), busy: t('deleting') }
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{question}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending} className="min-h-11">
            {t('cancel')}
          </AlertDialogCancel>
          <AlertDialogAction
            className="min-h-11 bg-destructive text-white hover:bg-destructive/90"
            disabled={pending}
            onClick={(e) => {
              e.preventDefault()
              onConfirm()
            }}
          >
            {pending ? words.busy : words.idle}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
