import { useMutation } from '@tanstack/react-query'
import { Download, Loader2, MailCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { downloadMyData } from '../api/account-privacy-api'

/**
 * Access and portability (issue 20): everything held about the person, as one JSON file; when it
 * is large the server builds it in the background and mails a link (decision 206), said here.
 */
export function ExportCard() {
  const { t } = useTranslation('account', { keyPrefix: 'export' })
  const download = useMutation({
    mutationFn: downloadMyData,
    onSuccess: (answer) => {
      if (answer.kind === 'downloaded') toast.success(t('done'))
    },
    onError: (err) => toast.error(serverErrorText(err, errorsT, t('failed')).message),
  })
  const queued = download.data?.kind === 'queued' ? download.data.queued : null
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Button variant="outline" className="justify-self-start" onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
          {t('download')}
        </Button>
        {/* A status, not an alert: good news that waits for the person's mail. */}
        <div role="status">
          {queued ? (
            <Alert role="none" data-testid="export-queued">
              <MailCheck aria-hidden="true" />
              <AlertTitle>{t('queuedTitle')}</AlertTitle>
              <AlertDescription>
                <p>{t('queuedText', { count: queued.linkDays })}</p>
              </AlertDescription>
            </Alert>
          ) : null}
        </div>
      </CardContent>
    </Card>
  )
}
