import type { ConsentList } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { serverErrorText } from '@/lib/error-text'
import { errorsT, useFormat } from '@/lib/i18n'
import { accountKeys, setMarketingConsent } from '../api/account-privacy-api'

/** Consent records (issue 20): what was accepted, when, which version; marketing is a separate opt-in. */
export function ConsentsCard({ consents }: { consents: ConsentList }) {
  const { t } = useTranslation('account', { keyPrefix: 'consents' })
  const format = useFormat()
  const queryClient = useQueryClient()
  const hintId = useId()
  const marketing = useMutation({
    mutationFn: setMarketingConsent,
    onSuccess: (next, accepted) => {
      queryClient.setQueryData(accountKeys.consents, next)
      toast.success(accepted ? t('marketingOn') : t('marketingOff'))
    },
    onError: (err) => toast.error(serverErrorText(err, errorsT, t('marketingFailed')).message),
  })
  const names = { terms: t('terms'), privacy: t('privacy'), marketing: t('marketing') }
  // Newest first, as the person reads a history.
  const records = [...consents.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-start gap-3">
          <Checkbox
            id="account-marketing"
            className="mt-0.5 size-6"
            checked={marketing.isPending ? marketing.variables : consents.marketing}
            disabled={marketing.isPending}
            aria-describedby={hintId}
            onCheckedChange={(checked) => marketing.mutate(checked === true)}
          />
          <div className="grid gap-1">
            <Label htmlFor="account-marketing">{t('marketingLabel')}</Label>
            <p id={hintId} className="text-xs text-muted-foreground">
              {t('marketingHint')}
            </p>
          </div>
        </div>
        {records.length ? (
          <ul className="grid gap-1 text-sm" data-testid="consent-records">
            {records.map((r) => (
              <li key={`${r.document}-${r.createdAt}`}>
                {r.accepted
                  ? t('acceptedOn', { document: names[r.document], date: format.date(r.createdAt), version: r.version })
                  : t('withdrawnOn', { document: names[r.document], date: format.date(r.createdAt) })}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('none')}</p>
        )}
      </CardContent>
    </Card>
  )
}
