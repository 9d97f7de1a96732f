import { useMutation } from '@tanstack/react-query'
import { Download, Loader2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { PageLoading } from '@/components/layout/page-loading'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ErrorAlert } from '@/components/ui/error-alert'
import { ApiError } from '@/lib/api-client'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { useSession } from '@/lib/use-session'
import { downloadMyDataExport, homeOf } from '../api/account-privacy-api'
import { AccountFrame } from '../components/account-frame'

/** Why the link did not give the file, in the person's words (the API's errors.token code). */
function useRefusalText() {
  const { t } = useTranslation('account', { keyPrefix: 'exportLink' })
  return (err: unknown) => {
    const code = err instanceof ApiError ? (err.data as { errors?: { token?: string } } | null)?.errors?.token : undefined
    if (code === 'invalidOrExpired') return t('expired')
    if (code === 'notFound' || (err instanceof ApiError && err.status === 422)) return t('notYours')
    return serverErrorText(err, errorsT, t('failed')).message
  }
}

/**
 * /cuenta/datos?token=… — the page a background export's mail links to (decision 206): the file
 * is given only to the person it was made for, signed in; the token alone is not enough.
 */
export function ExportDownloadPage() {
  const { t } = useTranslation('account', { keyPrefix: 'exportLink' })
  usePageMeta(t('metaTitle'), t('metaDescription'))
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const { user, isLoading } = useSession()
  const refusal = useRefusalText()
  const download = useMutation({ mutationFn: () => downloadMyDataExport(token) })

  let body
  if (isLoading) body = <PageLoading label={t('loading')} />
  else if (!token) body = <ErrorAlert>{t('noToken')}</ErrorAlert>
  else if (!user)
    body = (
      <>
        <p>{t('signedOut')}</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/auth/login">{t('signInTrainer')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/cliente/ingresar">{t('signInClient')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/business/login">{t('signInBusiness')}</Link>
          </Button>
        </div>
      </>
    )
  else
    body = (
      <>
        <p>{t('ready', { email: user.email })}</p>
        <Button className="justify-self-start" onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
          {t('download')}
        </Button>
        <div role="status">{download.isSuccess ? <p>{t('done')}</p> : null}</div>
        {download.isError ? (
          <>
            <ErrorAlert>{refusal(download.error)}</ErrorAlert>
            <Link to="/cuenta" className="justify-self-start text-sm font-medium underline underline-offset-4">
              {t('toAccount')}
            </Link>
          </>
        ) : null}
      </>
    )

  return (
    <AccountFrame back={user ? homeOf(user.role) : undefined}>
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">{t('title')}</h1>
          </CardTitle>
          <CardDescription>{t('description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">{body}</CardContent>
      </Card>
    </AccountFrame>
  )
}

export default ExportDownloadPage
