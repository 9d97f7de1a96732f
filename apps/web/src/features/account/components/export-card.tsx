import { useMutation } from '@tanstack/react-query'
import { Download, Loader2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { downloadMyData } from '../api/account-privacy-api'

/** Access and portability (issue 20): everything held about the person, as one JSON file. */
export function ExportCard() {
  const { t } = useTranslation('account', { keyPrefix: 'export' })
  const download = useMutation({
    mutationFn: downloadMyData,
    onSuccess: () => toast.success(t('done')),
    onError: (err) => toast.error(serverErrorText(err, errorsT, t('failed')).message),
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
          {t('download')}
        </Button>
      </CardContent>
    </Card>
  )
}
