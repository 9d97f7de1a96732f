import type { AdminTrainerDetail } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Loader2, Mail, UserCheck, UserX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { resendTrainerMail, setTrainerActive } from '../api/admin-api'
import { ReasonDialog } from './reason-dialog'

/** Deactivate / reactivate (with a reason) and the two mails an operator may resend. */
export function TrainerActions({ trainer }: { trainer: AdminTrainerDetail }) {
  const { t } = useTranslation('admin')
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'trainers'] })
  const name = `${trainer.firstName} ${trainer.lastName}`

  const resend = useMutation({
    mutationFn: (kind: 'welcome' | 'password_set') => resendTrainerMail(trainer.id, { kind }),
    onSuccess: async (result) => {
      toast.success(t(`trainerDetail.mailSent.${result.kind}`, { to: result.to }))
      await refresh()
    },
    onError: (error) => toast.error(serverErrorText(error, errorsT, t('saveFailed')).message),
  })

  const setActive = async (active: boolean, reason: string) => {
    await setTrainerActive(trainer.id, active, reason)
    toast.success(active ? t('trainerDetail.reactivated', { name }) : t('trainerDetail.deactivatedToast', { name }))
    await refresh()
  }

  return (
    <div className="flex flex-wrap gap-2">
      {trainer.isActive ? (
        <ReasonDialog
          destructive
          trigger={
            <Button variant="destructive">
              <UserX aria-hidden="true" />
              {t('trainerDetail.deactivate')}
            </Button>
          }
          title={t('trainerDetail.deactivateTitle', { name })}
          description={t('trainerDetail.deactivateDescription')}
          confirm={t('trainerDetail.deactivate')}
          onConfirm={(reason) => setActive(false, reason)}
        />
      ) : (
        <ReasonDialog
          trigger={
            <Button>
              <UserCheck aria-hidden="true" />
              {t('trainerDetail.reactivate')}
            </Button>
          }
          title={t('trainerDetail.reactivateTitle', { name })}
          description={t('trainerDetail.reactivateDescription')}
          confirm={t('trainerDetail.reactivate')}
          onConfirm={(reason) => setActive(true, reason)}
        />
      )}
      {(['welcome', 'password_set'] as const).map((kind) => (
        <Button key={kind} variant="outline" disabled={resend.isPending} onClick={() => resend.mutate(kind)}>
          {resend.isPending && resend.variables === kind ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Mail aria-hidden="true" />
          )}
          {t(`trainerDetail.resend.${kind}`)}
        </Button>
      ))}
    </div>
  )
}
