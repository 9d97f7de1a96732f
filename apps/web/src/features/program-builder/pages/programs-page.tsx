import type { ProgramSummary } from '@app/contracts'
import { ClipboardList, Copy, Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { usePageMeta } from '@/components/layout/page-title'
import { EmptyState, LoadError, LoadingState } from '@/components/states'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { serverErrorText } from '@/lib/error-text'
import { useFormat } from '@/lib/i18n'
import { usePrograms, useProgramWrites } from '../api/programs-api'
import { ProgramFrame } from '../components/program-frame'
import { useErrorWords } from '../lib/error-words'

function ProgramRow({ program }: { program: ProgramSummary }) {
  const { t } = useTranslation('program-builder', { keyPrefix: 'list' })
  const format = useFormat()
  const words = useErrorWords()
  const navigate = useNavigate()
  const { duplicate } = useProgramWrites()
  const copy = async (asProgram: boolean) => {
    try {
      const made = await duplicate.mutateAsync({ id: program.id, ...(asProgram ? { isTemplate: false } : {}) })
      toast.success(asProgram ? t('fromTemplate', { title: made.title }) : t('duplicated', { title: made.title }))
      void navigate(`/dashboard/programas/${made.id}`)
    } catch (error) {
      toast.error(serverErrorText(error, words, t('duplicateFailed')).message)
    }
  }
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid min-w-0 gap-1">
        <h3 className="font-semibold break-words">
          <Link to={`/dashboard/programas/${program.id}`} className="underline-offset-4 hover:underline">
            {program.title}
          </Link>
        </h3>
        <p className="text-sm text-muted-foreground">
          {t('meta', { count: program.weeks, version: program.currentVersion, date: format.date(program.updatedAt) })}
        </p>
        <div className="flex flex-wrap gap-2">
          {program.isTemplate ? <Badge variant="secondary">{t('template')}</Badge> : null}
          {program.activeAssignments > 0 ? (
            <Badge variant="success">{t('assigned', { count: program.activeAssignments })}</Badge>
          ) : !program.isTemplate ? (
            <Badge variant="outline">{t('notAssigned')}</Badge>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {program.isTemplate ? (
          <Button
            size="sm"
            onClick={() => void copy(true)}
            disabled={duplicate.isPending}
            aria-label={t('useTemplate', { title: program.title })}
          >
            <Plus aria-hidden="true" />
            {t('useTemplateShort')}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          onClick={() => void copy(false)}
          disabled={duplicate.isPending}
          aria-label={t('duplicate', { title: program.title })}
        >
          <Copy aria-hidden="true" />
          {t('duplicateShort')}
        </Button>
      </div>
    </li>
  )
}

function ProgramList({ programs, empty, emptyHint }: { programs: ProgramSummary[]; empty: string; emptyHint: string }) {
  const { t } = useTranslation('program-builder', { keyPrefix: 'list' })
  if (programs.length === 0)
    return (
      <EmptyState
        title={empty}
        hint={emptyHint}
        icon={<ClipboardList className="size-8" aria-hidden="true" />}
        action={
          <Button asChild>
            <Link to="/dashboard/programas/nuevo">
              <Plus aria-hidden="true" />
              {t('create')}
            </Link>
          </Button>
        }
      />
    )
  return (
    <ul className="grid gap-3">
      {programs.map((program) => (
        <ProgramRow key={program.id} program={program} />
      ))}
    </ul>
  )
}

/** /dashboard/programas: the trainer's programs and templates. */
export function ProgramsPage() {
  const { t } = useTranslation('program-builder', { keyPrefix: 'list' })
  usePageMeta(t('metaTitle'), t('metaDescription'))
  const programs = usePrograms()
  const [tab, setTab] = useState('programs')
  const all = programs.data?.data ?? []
  const own = all.filter((p) => !p.isTemplate)
  const templates = all.filter((p) => p.isTemplate)
  return (
    <ProgramFrame back={{ to: '/dashboard', label: t('back') }}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
          <p className="text-muted-foreground">{t('intro')}</p>
        </div>
        <Button asChild>
          <Link to="/dashboard/programas/nuevo">
            <Plus aria-hidden="true" />
            {t('create')}
          </Link>
        </Button>
      </div>
      {programs.isPending ? (
        <LoadingState label={t('loading')} />
      ) : programs.isError ? (
        <LoadError error={programs.error} fallback={t('loadFailed')} onRetry={() => void programs.refetch()} />
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label={t('kinds')}>
            <TabsTrigger value="programs">{t('programsTab', { count: own.length })}</TabsTrigger>
            <TabsTrigger value="templates">{t('templatesTab', { count: templates.length })}</TabsTrigger>
          </TabsList>
          <TabsContent value="programs">
            <ProgramList programs={own} empty={t('empty')} emptyHint={t('emptyHint')} />
          </TabsContent>
          <TabsContent value="templates">
            <ProgramList programs={templates} empty={t('emptyTemplates')} emptyHint={t('emptyTemplatesHint')} />
          </TabsContent>
        </Tabs>
      )}
    </ProgramFrame>
  )
}
