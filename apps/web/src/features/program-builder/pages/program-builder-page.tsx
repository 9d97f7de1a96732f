import { ProgramInputSchema, type Program } from '@app/contracts'
import { CopyPlus, Info, Plus, Save, Trash2, Copy, BookmarkPlus } from 'lucide-react'
import { useRef, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import type { z } from 'zod'
import { toast } from 'sonner'
import { usePageMeta } from '@/components/layout/page-title'
import { EmptyState, LoadError, LoadingState, Spinner } from '@/components/states'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { errorText, serverErrorText } from '@/lib/error-text'
import { applyFieldErrors } from '@/lib/field-errors'
import { formResolver } from '@/lib/form-resolver'
import { useFormat } from '@/lib/i18n'
import { useAssignments, useProgram, useProgramWrites } from '../api/programs-api'
import { AssignDialog } from '../components/assign-dialog'
import { DayEditor } from '../components/day-editor'
import { LeaveGuard } from '../components/leave-guard'
import { ProgramFrame } from '../components/program-frame'
import { dayInstant } from '../lib/dates'
import {
  addDay,
  addWeek,
  duplicateDay,
  duplicateWeek,
  emptyDraft,
  fromProgram,
  locateContentPath,
  removeDay,
  removeWeek,
  setDayNumber,
  toProgramInput,
  updateDay,
  type Draft,
  type ProgramDetails,
} from '../lib/draft'
import { useErrorWords } from '../lib/error-words'

const DetailsSchema = ProgramInputSchema.pick({ title: true, description: true, isTemplate: true })

/** Problems of the last save attempt, by day uid: the day's own (no exercise) and its items'. */
type Problems = Map<string, { day?: string; items: Map<number, string> }>

/** /dashboard/programas/nuevo and /dashboard/programas/:id: the builder (issue 25). */
export function ProgramBuilderPage() {
  const { t } = useTranslation('program-builder')
  const { id } = useParams()
  const program = useProgram(id)
  return (
    <ProgramFrame back={{ to: '/dashboard/programas', label: t('builder.back') }}>
      {!id ? (
        <ProgramEditor key="new" />
      ) : program.isPending ? (
        <LoadingState label={t('builder.loading')} rows={5} />
      ) : program.isError ? (
        <>
          <h1 className="text-2xl font-bold tracking-tight">{t('builder.metaTitle')}</h1>
          <LoadError error={program.error} fallback={t('builder.loadFailed')} onRetry={() => void program.refetch()} />
        </>
      ) : (
        <ProgramEditor key={program.data.id} program={program.data} />
      )}
    </ProgramFrame>
  )
}

function ProgramEditor({ program }: { program?: Program }) {
  const { t } = useTranslation('program-builder', { keyPrefix: 'builder' })
  const words = useErrorWords()
  const navigate = useNavigate()
  const writes = useProgramWrites()
  const initialDetails: ProgramDetails = program
    ? { title: program.title, description: program.description, isTemplate: program.isTemplate }
    : { title: '', description: '', isTemplate: false }
  const [draft, setDraft] = useState<Draft>(() => (program ? fromProgram(program) : emptyDraft()))
  const [savedBody, setSavedBody] = useState(() => (program ? JSON.stringify(toProgramInput(initialDetails, draft)) : null))
  const [activeWeek, setActiveWeek] = useState(() => draft.weeks[0]!.uid)
  const [problems, setProblems] = useState<Problems>(new Map())
  const [failure, setFailure] = useState<string | null>(null)
  const failureRef = useRef<HTMLDivElement>(null)
  const details = useForm<z.input<typeof DetailsSchema>, unknown, ProgramDetails>({
    resolver: formResolver(DetailsSchema, words),
    defaultValues: initialDetails,
  })
  const values = details.watch()
  usePageMeta(program ? t('metaTitleOf', { title: program.title }) : t('metaTitleNew'))

  const dirty = savedBody !== JSON.stringify(toProgramInput({ ...initialDetails, ...values } as ProgramDetails, draft))
  const dirtyRef = useRef(dirty)
  dirtyRef.current = dirty
  const weekIndex = Math.max(
    0,
    draft.weeks.findIndex((w) => w.uid === activeWeek),
  )

  const showFailure = (text: string) => {
    setFailure(text)
    requestAnimationFrame(() => failureRef.current?.focus())
  }

  /** Issues on `content…` (from the shared schema or the server) put on their day and item; the first one said on top. */
  const showContentIssues = (issues: { path: readonly PropertyKey[]; code: string }[]) => {
    const next: Problems = new Map()
    let first: string | null = null
    let firstWeek: string | null = null
    for (const issue of issues) {
      const at = locateContentPath(issue.path)
      const week = at.week !== undefined ? draft.weeks[at.week] : undefined
      const day = week && at.day !== undefined ? week.days[at.day] : undefined
      if (!week || !day) continue
      const entry = next.get(day.uid) ?? { items: new Map<number, string>() }
      const where = { week: at.week! + 1, day: day.day }
      let text: string
      if (at.item === undefined && at.field === 'items' && issue.code === 'required') {
        text = t('emptyDay')
        entry.day = text
      } else {
        text = errorText(at.field ?? 'content', issue.code, words)
        if (at.item !== undefined) entry.items.set(at.item, text)
        else entry.day = text
      }
      next.set(day.uid, entry)
      if (!first) {
        first = at.item !== undefined ? t('problemAtItem', { ...where, item: at.item + 1, text }) : t('problemAtDay', { ...where, text })
        firstWeek = week.uid
      }
    }
    setProblems(next)
    if (firstWeek) setActiveWeek(firstWeek)
    showFailure(first ?? t('saveFailed'))
  }

  const save = details.handleSubmit(async (detailValues) => {
    setFailure(null)
    setProblems(new Map())
    const body = toProgramInput(detailValues, draft)
    const parsed = ProgramInputSchema.safeParse(body)
    if (!parsed.success) {
      const content = parsed.error.issues.filter((i) => i.path[0] === 'content')
      if (content.length) return showContentIssues(content.map((i) => ({ path: i.path, code: i.message })))
    }
    try {
      const saved = await writes.save.mutateAsync({ id: program?.id, body })
      setSavedBody(JSON.stringify(body))
      dirtyRef.current = false
      if (!program) {
        toast.success(t('created', { title: saved.title }))
        void navigate(`/dashboard/programas/${saved.id}`, { replace: true })
      } else if (saved.currentVersion > program.currentVersion && program.activeAssignments > 0)
        toast.success(t('savedNewVersion', { version: saved.currentVersion, previous: program.currentVersion }))
      else toast.success(saved.currentVersion > program.currentVersion ? t('savedVersion', { version: saved.currentVersion }) : t('saved'))
    } catch (error) {
      const content = Object.entries((error instanceof ApiError && error.errors) || {}).filter(([field]) => field.startsWith('content'))
      if (content.length)
        return showContentIssues(
          content.map(([field, code]) => ({ path: field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), code })),
        )
      if (!applyFieldErrors(details.setError, error, ['title', 'description', 'isTemplate'], words))
        showFailure(serverErrorText(error, words, t('saveFailed')).message)
    }
  })

  const copy = async (isTemplate?: boolean) => {
    if (!program) return
    try {
      const made = await writes.duplicate.mutateAsync({ id: program.id, ...(isTemplate ? { isTemplate: true } : {}) })
      toast.success(isTemplate ? t('templateSaved', { title: made.title }) : t('duplicated', { title: made.title }))
      void navigate(`/dashboard/programas/${made.id}`)
    } catch (error) {
      toast.error(serverErrorText(error, words, t('duplicateFailed')).message)
    }
  }

  const week = draft.weeks[weekIndex]!
  const saving = writes.save.isPending
  return (
    <>
      <LeaveGuard dirty={dirtyRef} />
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight break-words">{program ? program.title : t('titleNew')}</h1>
          {program?.isTemplate ? <Badge variant="secondary">{t('template')}</Badge> : null}
          {program ? <Badge variant="outline">{t('version', { version: program.currentVersion })}</Badge> : null}
        </div>
        <p className="text-muted-foreground">{t('intro')}</p>
      </div>

      {program ? (
        <div className="flex flex-wrap items-start gap-2" role="group" aria-label={t('actions')}>
          <AssignDialog
            programId={program.id}
            version={program.currentVersion}
            weeks={program.weeks}
            disabledReason={dirty ? t('saveBeforeAssign') : undefined}
          />
          <Button variant="outline" onClick={() => void copy()} disabled={writes.duplicate.isPending}>
            <Copy aria-hidden="true" />
            {t('duplicate')}
          </Button>
          {!program.isTemplate ? (
            <Button variant="outline" onClick={() => void copy(true)} disabled={writes.duplicate.isPending}>
              <BookmarkPlus aria-hidden="true" />
              {t('saveAsTemplate')}
            </Button>
          ) : null}
        </div>
      ) : null}

      {program && program.activeAssignments > 0 ? (
        <Alert role="note" data-testid="version-notice">
          <Info aria-hidden="true" />
          <AlertTitle>{t('assignedTitle', { count: program.activeAssignments })}</AlertTitle>
          <AlertDescription>{t('assignedBody', { next: program.currentVersion + 1 })}</AlertDescription>
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t('detailsTitle')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form id="program-details" noValidate className="grid gap-4" onSubmit={(event) => void save(event)}>
            <FormField label={t('name')} maxLength={120} error={details.formState.errors.title?.message} {...details.register('title')} />
            <FormField
              label={t('description')}
              error={details.formState.errors.description?.message}
              render={(aria) => <Textarea {...aria} rows={2} maxLength={2000} {...details.register('description')} />}
            />
            <Controller
              control={details.control}
              name="isTemplate"
              render={({ field }) => (
                <div className="flex items-start gap-3">
                  <Checkbox
                    id="program-is-template"
                    checked={field.value}
                    onCheckedChange={(on) => field.onChange(on === true)}
                    className="mt-0.5"
                  />
                  <label htmlFor="program-is-template" className="grid gap-0.5 text-sm">
                    <span className="font-medium">{t('isTemplate')}</span>
                    <span className="text-muted-foreground">{t('isTemplateHint')}</span>
                  </label>
                </div>
              )}
            />
          </form>
        </CardContent>
      </Card>

      <section aria-labelledby="weeks-heading" className="grid min-w-0 gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="weeks-heading" className="text-xl font-semibold">
            {t('weeksTitle', { count: draft.weeks.length })}
          </h2>
          <Button
            variant="outline"
            onClick={() => {
              const next = addWeek(draft)
              setDraft(next)
              setActiveWeek(next.weeks.at(-1)!.uid)
            }}
          >
            <Plus aria-hidden="true" />
            {t('addWeek')}
          </Button>
        </div>
        <Tabs value={week.uid} onValueChange={setActiveWeek} className="min-w-0">
          <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit" aria-label={t('weeksList')}>
            {draft.weeks.map((w, i) => (
              <TabsTrigger key={w.uid} value={w.uid} className="h-8 flex-none">
                {t('weekN', { week: i + 1 })}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value={week.uid} className="grid min-w-0 gap-4">
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                onClick={() => {
                  setDraft(duplicateWeek(draft, weekIndex))
                  toast.success(t('weekDuplicated', { week: weekIndex + 1, copy: weekIndex + 2 }))
                }}
              >
                <CopyPlus aria-hidden="true" />
                {t('duplicateWeek', { week: weekIndex + 1 })}
              </Button>
              <Button variant="secondary" onClick={() => setDraft(addDay(draft, weekIndex))} disabled={week.days.length >= 7}>
                <Plus aria-hidden="true" />
                {t('addDay')}
              </Button>
              <Button
                variant="ghost"
                disabled={draft.weeks.length <= 1}
                onClick={() => {
                  const next = removeWeek(draft, weekIndex)
                  setDraft(next)
                  setActiveWeek(next.weeks[Math.max(0, weekIndex - 1)]!.uid)
                }}
              >
                <Trash2 aria-hidden="true" />
                {t('removeWeek', { week: weekIndex + 1 })}
              </Button>
            </div>
            {week.days.length === 0 ? (
              <EmptyState title={t('restWeek')} hint={t('restWeekHint')} />
            ) : (
              week.days.map((day, d) => (
                <DayEditor
                  key={day.uid}
                  week={week}
                  weekNumber={weekIndex + 1}
                  day={day}
                  problems={problems.get(day.uid)?.items}
                  dayProblem={problems.get(day.uid)?.day}
                  onChange={(changed) => setDraft(updateDay(draft, weekIndex, d, () => changed))}
                  onDayNumber={(n) => setDraft(setDayNumber(draft, weekIndex, d, n))}
                  onDuplicate={() => {
                    const next = duplicateDay(draft, weekIndex, d)
                    setDraft(next)
                    const added = next.weeks[weekIndex]!.days.find((x) => !week.days.some((y) => y.uid === x.uid))
                    if (added) toast.success(t('dayDuplicated', { day: day.day, copy: added.day }))
                  }}
                  onRemove={() => setDraft(removeDay(draft, weekIndex, d))}
                />
              ))
            )}
          </TabsContent>
        </Tabs>
      </section>

      {program ? <AssignmentsCard programId={program.id} /> : null}

      <div className="sticky bottom-0 z-20 -mx-4 grid gap-3 border-t bg-background/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur">
        {failure ? (
          <div ref={failureRef} tabIndex={-1} className="outline-none">
            <ErrorAlert>{failure}</ErrorAlert>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" form="program-details" disabled={saving}>
            {saving ? <Spinner show /> : <Save aria-hidden="true" />}
            {program ? t('save') : t('create')}
          </Button>
          <p className="ml-auto self-center text-sm text-muted-foreground" role="status">
            {dirty ? t('unsaved') : t('allSaved')}
          </p>
        </div>
      </div>
    </>
  )
}

function AssignmentsCard({ programId }: { programId: string }) {
  const { t } = useTranslation('program-builder', { keyPrefix: 'assignments' })
  const format = useFormat()
  const assignments = useAssignments(programId)
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {assignments.isPending ? (
          <LoadingState label={t('loading')} rows={2} />
        ) : assignments.isError ? (
          <LoadError error={assignments.error} fallback={t('loadFailed')} onRetry={() => void assignments.refetch()} />
        ) : assignments.data.data.length === 0 ? (
          <EmptyState title={t('empty')} hint={t('emptyHint')} />
        ) : (
          <ul className="grid gap-2" aria-label={t('title')}>
            {assignments.data.data.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
                <span className="font-medium">{a.clientName}</span>
                <span className="text-muted-foreground">
                  {t('line', {
                    version: a.version,
                    start: format.date(dayInstant(a.startDate)),
                    end: format.date(dayInstant(a.endDate)),
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
