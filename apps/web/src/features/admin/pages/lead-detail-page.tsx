import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useFormat } from '@/lib/i18n'
import { getLead } from '../api/admin-api'
import { BackLink } from '../components/back-link'
import { DetailStates, Facts } from '../components/detail-states'
import { EmptyState } from '@/components/states'
import { LeadStatusBadge } from '../components/lead-status-badge'
import { LeadStatusForm } from '../components/lead-status-form'
import { PageHeader } from '../components/page-header'
import { useDateTime } from '../hooks/use-date-time'

export function LeadDetailPage() {
  const { t } = useTranslation('admin')
  const { id = '' } = useParams()
  const format = useFormat()
  const dateTime = useDateTime()
  const query = useQuery({ queryKey: ['admin', 'leads', 'detail', id], queryFn: () => getLead(id) })

  return (
    <>
      <BackLink to="/admin/leads">{t('leadDetail.back')}</BackLink>
      <DetailStates query={query}>
        {(lead) => (
          <>
            <PageHeader title={lead.name ?? lead.email} description={t('leadDetail.description')}>
              <LeadStatusBadge status={lead.status} />
            </PageHeader>
            <div className="grid gap-6 lg:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle>
                    <h2>{t('leadDetail.request')}</h2>
                  </CardTitle>
                </CardHeader>
                <CardContent className="grid gap-4">
                  <Facts
                    items={[
                      [
                        t('leads.columns.email'),
                        <a href={`mailto:${lead.email}`} className="text-primary underline-offset-4 hover:underline">
                          {lead.email}
                        </a>,
                      ],
                      [t('leads.columns.phone'), lead.phone ?? '—'],
                      [t('leads.columns.city'), lead.city ?? '—'],
                      [t('leads.columns.received'), format.date(lead.createdAt)],
                      [t('leadDetail.subject'), lead.subject],
                    ]}
                  />
                  <p className="rounded-md bg-muted p-3 text-sm whitespace-pre-wrap">{lead.content}</p>
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>
                    <h2>{t('leadDetail.changeStatus')}</h2>
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <LeadStatusForm key={lead.status} lead={lead} />
                </CardContent>
              </Card>
            </div>
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2>{t('history')}</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                {lead.history.length ? (
                  <ol className="grid gap-3" aria-label={t('history')}>
                    {lead.history.map((entry) => (
                      <li key={entry.id} className="grid gap-1 border-l-2 border-primary/40 pl-3 text-sm">
                        <span className="font-medium">
                          {entry.from === entry.to
                            ? t('leadDetail.noteAdded')
                            : t('leadDetail.movedFromTo', { from: t(`leadStatus.${entry.from}`), to: t(`leadStatus.${entry.to}`) })}
                        </span>
                        <span className="text-muted-foreground">
                          {dateTime(entry.at)} · {entry.actor.email ?? t('cli')}
                        </span>
                        {entry.note ? <p className="whitespace-pre-wrap">{entry.note}</p> : null}
                      </li>
                    ))}
                  </ol>
                ) : (
                  <EmptyState title={t('leadDetail.noHistory')} />
                )}
              </CardContent>
            </Card>
          </>
        )}
      </DetailStates>
    </>
  )
}
