import type { Gym, Trainer } from '@app/contracts'
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { Building2, UserPlus, Users } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { deleteTrainer } from '../api/business-api'
import { businessKeys } from '../hooks/use-business-data'
import { ConfirmDelete } from './confirm-delete'
import { EmptyState, LoadError, LoadingState } from '@/components/states'
import { TrainerCard } from './trainer-card'

/** The Trainer Management tab (spec §2): the gym's trainers, their states, and delete with a question. */
export function TrainerPanel({
  gymQuery,
  trainersQuery,
  onAdd,
  onEdit,
}: {
  gymQuery: UseQueryResult<Gym | null>
  trainersQuery: UseQueryResult<Trainer[]>
  onAdd: () => void
  onEdit: (trainer: Trainer) => void
}) {
  const { t } = useTranslation('business', { keyPrefix: 'dashboard.trainer' })
  const queryClient = useQueryClient()
  const [toDelete, setToDelete] = useState<Trainer | null>(null)
  const gym = gymQuery.data ?? null
  const trainers = trainersQuery.data ?? []

  const remove = useMutation({
    mutationFn: (trainer: Trainer) => deleteTrainer(trainer.id),
    onSuccess: async () => {
      toast.success(t('success'), { description: t('deleted') })
      setToDelete(null)
      await queryClient.invalidateQueries({ queryKey: businessKeys.trainers(gym?.id) })
    },
    onError: () => toast.error(t('error'), { description: t('deleteFailed') }),
  })

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">{t('title')}</h2>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <Button onClick={onAdd} disabled={!gym}>
          <UserPlus aria-hidden="true" />
          {t('addNew')}
        </Button>
      </div>
      {gymQuery.isPending ? (
        <LoadingState label={t('loading')} />
      ) : gymQuery.isError ? (
        <LoadError error={gymQuery.error} fallback={t('gymLoadFailed')} onRetry={() => void gymQuery.refetch()} />
      ) : !gym ? (
        <EmptyState icon={<Building2 className="size-6" aria-hidden="true" />} title={t('noGym')} />
      ) : trainersQuery.isPending ? (
        <LoadingState label={t('loading')} />
      ) : trainersQuery.isError ? (
        <LoadError error={trainersQuery.error} fallback={t('loadFailed')} onRetry={() => void trainersQuery.refetch()} />
      ) : trainers.length === 0 ? (
        <EmptyState icon={<Users className="size-6" aria-hidden="true" />} title={t('emptyTitle')} hint={t('emptyHint')} />
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label={t('list')} data-testid="trainer-grid">
          {trainers.map((trainer) => (
            <li key={trainer.id} className="grid">
              <TrainerCard trainer={trainer} onEdit={() => onEdit(trainer)} onDelete={() => setToDelete(trainer)} />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDelete
        open={Boolean(toDelete)}
        title={t('deleteTitle')}
        question={t('deleteQuestion', { name: `${toDelete?.firstName} ${toDelete?.lastName}` })}
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onClose={() => setToDelete(null)}
      />
    </>
  )
}
