import type { ConsentList } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { FileText, Loader2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { api } from '@/lib/api-client'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { legalPage } from '@/lib/legal-pages'
import { useSession } from '@/lib/use-session'

const consentsKey = ['account', 'consents'] as const

/**
 * Issue 20: a new version of the terms or the privacy policy is accepted at the next sign-in. A
 * banner, not a modal: the person may read the document first, or decide later (asked again next
 * time). Mounted by the signed-in layouts; texts from the `account` namespace, loaded on demand.
 */
export function ConsentPrompt() {
  const { user } = useSession()
  const { t, i18n, ready } = useTranslation('account', { keyPrefix: 'prompt' })
  const queryClient = useQueryClient()
  const [later, setLater] = useState(false)
  const consents = useQuery({ queryKey: consentsKey, queryFn: () => api.get<ConsentList>('/account/consents'), enabled: !!user })
  const accept = useMutation({
    mutationFn: async (documents: readonly ('terms' | 'privacy')[]) => {
      let last: ConsentList | undefined
      for (const document of documents)
        last = await api.post<ConsentList>('/account/consents', { document, accepted: true, screen: 'prompt' })
      return last
    },
    onSuccess: (next) => queryClient.setQueryData(consentsKey, next),
  })
  const pending = consents.data?.pending ?? []
  if (!ready || later || !pending.length) return null
  return (
    <Alert role="region" aria-label={t('region')} data-testid="consent-prompt">
      <FileText aria-hidden="true" />
      <AlertTitle>{t('title')}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{t('text')}</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {pending.map((document) => (
            <li key={document}>
              {/* The document in the language on screen (/en/terms on an English screen, decision 231). */}
              <a
                href={legalPage(document, i18n.language)}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-primary underline"
              >
                {document === 'terms' ? t('terms') : t('privacy')}
                <span className="sr-only"> {t('newTab')}</span>
              </a>
            </li>
          ))}
        </ul>
        {accept.isError ? <p className="text-destructive-strong">{serverErrorText(accept.error, errorsT, t('failed')).message}</p> : null}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => accept.mutate(pending)} disabled={accept.isPending}>
            {accept.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('accept')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setLater(true)}>
            {t('later')}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  )
}
