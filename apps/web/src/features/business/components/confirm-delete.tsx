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

/** Asks before deleting; focus starts on Cancel, the safe choice. A refusal shows inside. */
export function ConfirmDelete({
  open,
  title,
  question,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean
  title: string
  question: ReactNode
  pending: boolean
  error?: string | null
  onConfirm: () => void
  onClose: () => void
}) {
  const { t } = useTranslation('business', { keyPrefix: 'dashboard.common' })
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{question}</AlertDialogDescription>
        </AlertDialogHeader>
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t('cancel')}</AlertDialogCancel>
          <AlertDialogAction
            className="bg-destructive text-white hover:bg-destructive/90"
            disabled={pending || Boolean(error)}
            onClick={(e) => {
              e.preventDefault()
              onConfirm()
            }}
          >
            {pending ? t('deleting') : t('delete')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
