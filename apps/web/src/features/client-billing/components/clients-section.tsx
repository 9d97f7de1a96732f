import type { TrainerClient } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { UserPlus, Users } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { serverErrorText } from '@/lib/error-text'
import { errorsT, useFormat } from '@/lib/i18n'
import { billingKeys, cancelClient, revokeInvitation, useClients, useOffers } from '../api/client-billing-api'
import { ClientStateBadge } from './client-state-badge'
import { ConfirmAction } from './confirm-action'
import { InviteDialog } from './invite-dialog'
import { EmptyState, LoadError, LoadingState } from '@/components/states'

/** Clients and pending invitations, the plan's limit, invite / cancel / revoke. */
export function ClientsSection({ canCharge }: { canCharge: boolean }) {
  const { t } = useTranslation('client-billing', { keyPrefix: 'clients' })
  const format = useFormat()
  const queryClient = useQueryClient()
  const clients = useClients()
  const offers = useOffers()
  const activeOffers = (offers.data?.data ?? []).filter((o) => !o.retired)
  const [inviting, setInviting] = useState(false)
  const [ending, setEnding] = useState<TrainerClient | null>(null)

  const end = useMutation({
    mutationFn: async (client: TrainerClient) => {
      if (client.kind === 'invitation') await revokeInvitation(client.id)
      else await cancelClient(client.id)
    },
    onSuccess: async (_result, client) => {
      toast.success(client.kind === 'invitation' ? t('revoked', { email: client.email }) : t('cancelled', { email: client.email }))
      setEnding(null)
      await queryClient.invalidateQueries({ queryKey: billingKeys.clients })
    },
    onError: (err) => toast.error(serverErrorText(err, errorsT, t('actionFailed')).message),
  })

  const full = clients.data ? clients.data.used >= clients.data.limit : false
  return (
    <Card aria-labelledby="clients-title">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Users className="size-5 text-primary" aria-hidden="true" />
            <h2 id="clients-title">{t('title')}</h2>
          </CardTitle>
          <CardDescription>
            {clients.data ? (
              <span data-testid="client-limit">{t('limit', { used: clients.data.used, limit: clients.data.limit })}</span>
            ) : (
              t('description')
            )}
          </CardDescription>
        </div>
        <Button onClick={() => setInviting(true)} disabled={!canCharge || activeOffers.length === 0 || full}>
          <UserPlus aria-hidden="true" />
          {t('invite')}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        {canCharge && offers.isSuccess && activeOffers.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('needOffer')}</p>
        ) : null}
        {canCharge && full ? <p className="text-sm text-muted-foreground">{t('full')}</p> : null}
        {clients.isPending ? (
          <LoadingState label={t('loading')} />
        ) : clients.isError ? (
          <LoadError error={clients.error} fallback={t('loadFailed')} onRetry={() => void clients.refetch()} />
        ) : clients.data.data.length === 0 ? (
          <EmptyState title={t('empty')} />
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={t('title')}>
            {clients.data.data.map((client) => (
              <li
                key={`${client.kind}-${client.id}`}
                className="grid gap-2 p-4 sm:grid-cols-[1fr_auto] sm:items-center"
                aria-label={client.email}
              >
                <div className="grid min-w-0 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-all">{client.name ?? client.email}</span>
                    <ClientStateBadge state={client.state} />
                  </div>
                  {client.name ? <span className="text-sm text-muted-foreground break-all">{client.email}</span> : null}
                  <span className="text-sm text-muted-foreground">
                    {client.offerTitle} · {format.clp(client.priceClp)} {t('perMonth')}
                  </span>
                  <span className="text-sm">
                    {client.state === 'invited'
                      ? t('invitedOn', { date: format.date(client.createdAt) })
                      : client.nextChargeAt && !client.cancelAtPeriodEnd
                        ? t('nextCharge', { date: format.date(client.nextChargeAt) })
                        : client.nextChargeAt
                          ? t('endsOn', { date: format.date(client.nextChargeAt) })
                          : t('noNextCharge')}
                  </span>
                </div>
                {client.kind === 'invitation' ? (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setEnding(client)}
                    aria-label={t('revokeNamed', { email: client.email })}
                  >
                    {t('revoke')}
                  </Button>
                ) : client.state === 'active' || client.state === 'past_due' ? (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setEnding(client)}
                    aria-label={t('cancelNamed', { email: client.email })}
                  >
                    {t('cancelSubscription')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <InviteDialog open={inviting} offers={activeOffers} onOpenChange={setInviting} />
      <ConfirmAction
        open={ending !== null}
        title={ending?.kind === 'invitation' ? t('revokeTitle') : t('cancelTitle')}
        description={
          ending?.kind === 'invitation'
            ? t('revokeQuestion', { email: ending?.email ?? '' })
            : t('cancelQuestion', { email: ending?.email ?? '' })
        }
        confirmLabel={ending?.kind === 'invitation' ? t('revoke') : t('cancelSubscription')}
        cancelLabel={t('keep')}
        pending={end.isPending}
        onConfirm={() => ending && end.mutate(ending)}
        onClose={() => setEnding(null)}
      />
    </Card>
  )
}
