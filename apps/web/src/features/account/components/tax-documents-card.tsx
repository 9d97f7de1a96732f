import type { TaxDocument } from '@app/contracts'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Download, FileText } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { EmptyState, LoadError, LoadingState, Spinner } from '@/components/states'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { serverErrorText } from '@/lib/error-text'
import { errorsT, useFormat } from '@/lib/i18n'
import { downloadTaxDocument, listMyTaxDocuments, taxDocumentKeys } from '../api/tax-documents-api'

/** One document: its legal name and folio, what it is for, its amounts as the law shows them, its PDF. */
function TaxDocumentRow({ doc }: { doc: TaxDocument }) {
  const { t } = useTranslation('account', { keyPrefix: 'taxDocuments' })
  const format = useFormat()
  const name = t(`kind.${doc.kind}`)
  const download = useMutation({
    mutationFn: () => downloadTaxDocument(doc),
    onError: (err) => toast.error(serverErrorText(err, errorsT, t('downloadFailed')).message),
  })
  return (
    <li className="grid gap-1 border-b py-3 last:border-b-0" data-testid="tax-document">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-medium">
          {name}
          {doc.folio ? ` ${t('folio', { folio: doc.folio })}` : null}
        </p>
        <p className="text-sm text-muted-foreground">{format.date(doc.issuedAt ?? doc.createdAt)}</p>
      </div>
      <p className="text-sm">
        {t(`source.${doc.source}`)} · {doc.description}
      </p>
      <p className="text-sm text-muted-foreground">
        {doc.kind === 'boleta'
          ? `${t('total', { amount: format.clp(doc.totalClp) })} (${t('ivaIncluded', { amount: format.clp(doc.ivaClp) })})`
          : [
              t('net', { amount: format.clp(doc.netClp) }),
              t('iva', { amount: format.clp(doc.ivaClp) }),
              t('total', { amount: format.clp(doc.totalClp) }),
            ].join(' · ')}
      </p>
      {doc.status === 'issued' ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          aria-label={t('downloadLabel', { name, folio: doc.folio })}
        >
          {download.isPending ? <Spinner show /> : <Download aria-hidden="true" />}
          {t('download')}
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">{doc.status === 'pending' ? t('pending') : t('failed')}</p>
      )}
    </li>
  )
}

/** The tax documents issued to this account (decision 223): its billing history with the PDFs. */
export function TaxDocumentsCard() {
  const { t } = useTranslation('account', { keyPrefix: 'taxDocuments' })
  const documents = useQuery({ queryKey: taxDocumentKeys.list, queryFn: listMyTaxDocuments })
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg" id="tax-documents-title">
            {t('title')}
          </h2>
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {documents.error ? (
          <LoadError error={documents.error} fallback={t('loadFailed')} onRetry={() => void documents.refetch()} />
        ) : !documents.data ? (
          <LoadingState label={t('loading')} rows={2} />
        ) : documents.data.data.length === 0 ? (
          <EmptyState title={t('empty')} icon={<FileText className="size-8" aria-hidden="true" />} />
        ) : (
          <ul aria-labelledby="tax-documents-title">
            {documents.data.data.map((doc) => (
              <TaxDocumentRow key={doc.id} doc={doc} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
