import type { Gym } from '@app/contracts'
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { Building2, Mail, MapPin, Pencil, Phone, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { ApiError } from '@/lib/api-client'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { deleteGym } from '../api/business-api'
import { businessKeys } from '../hooks/use-business-data'
import { ConfirmDelete } from './confirm-delete'
import { IconDetail } from './icon-detail'
import { EmptyState, LoadError, LoadingState } from '@/components/states'

function GymCard({ gym, onEdit, onDelete }: { gym: Gym; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('business', { keyPrefix: 'dashboard.gym' })
  return (
    <Card data-testid="gym-card">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-xl font-semibold">{gym.name}</h3>
            <Badge variant={gym.isActive ? 'success' : 'secondary'}>{gym.isActive ? t('active') : t('inactive')}</Badge>
          </div>
          {gym.description && <CardDescription className="mt-1">{gym.description}</CardDescription>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onEdit}>
            <Pencil aria-hidden="true" />
            {t('edit')}
          </Button>
          <Button variant="outline" onClick={onDelete} className="text-destructive hover:text-destructive">
            <Trash2 aria-hidden="true" />
            {t('delete')}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <IconDetail icon={MapPin} label={t('address')} top>
            {gym.address}, {gym.city}, {gym.state} {gym.zipCode}
          </IconDetail>
          <IconDetail icon={Phone} label={t('phone')}>
            {gym.phone}
          </IconDetail>
          <IconDetail icon={Mail} label={t('email')} className="min-w-0 break-all">
            {gym.email}
          </IconDetail>
        </dl>
      </CardContent>
    </Card>
  )
}

/** The Gym Management tab: the owner's one gym, or an empty state (spec §2); delete asks first (spec §6). */
export function GymPanel({
  gymQuery,
  onCreate,
  onEdit,
}: {
  gymQuery: UseQueryResult<Gym | null>
  onCreate: () => void
  onEdit: () => void
}) {
  const { t } = useTranslation('business', { keyPrefix: 'dashboard.gym' })
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const gym = gymQuery.data ?? null

  const remove = useMutation({
    mutationFn: (id: string) => deleteGym(id),
    onSuccess: async () => {
      toast.success(t('deleted'))
      setConfirming(false)
      await queryClient.invalidateQueries({ queryKey: businessKeys.myGym })
    },
    // 409 hasTrainers (decision 020): say why, in the dialog, instead of a generic failure.
    onError: (err) =>
      err instanceof ApiError && err.status === 409
        ? setRefusal(serverErrorText(err, errorsT, t('deleteFailed')).message)
        : toast.error(t('deleteFailed')),
  })

  const close = () => {
    setConfirming(false)
    setRefusal(null)
  }

  return (
    <>
      <div>
        <h2 className="text-xl font-semibold">{t('title')}</h2>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </div>
      {gymQuery.isPending ? (
        <LoadingState label={t('loading')} />
      ) : gymQuery.isError ? (
        <LoadError error={gymQuery.error} fallback={t('loadFailed')} onRetry={() => void gymQuery.refetch()} />
      ) : gym ? (
        <GymCard gym={gym} onEdit={onEdit} onDelete={() => setConfirming(true)} />
      ) : (
        <EmptyState
          icon={<Building2 className="size-6" aria-hidden="true" />}
          title={t('emptyTitle')}
          hint={t('emptyHint')}
          action={
            <Button onClick={onCreate}>
              <Plus aria-hidden="true" />
              {t('create')}
            </Button>
          }
        />
      )}
      <ConfirmDelete
        open={confirming && Boolean(gym)}
        title={t('deleteTitle')}
        question={t('deleteQuestion', { name: gym?.name ?? t('thisGym') })}
        pending={remove.isPending}
        error={refusal}
        onConfirm={() => gym && remove.mutate(gym.id)}
        onClose={close}
      />
    </>
  )
}
