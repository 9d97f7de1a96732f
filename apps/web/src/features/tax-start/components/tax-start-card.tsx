import { TAX_START_LIMITS, TAX_START_OATH, TaxStartFieldsSchema, type TaxStartStatus } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { FileCheck2, Loader2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { z } from 'zod'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { errorText, serverErrorText } from '@/lib/error-text'
import { applyFieldErrors } from '@/lib/field-errors'
import { formResolver } from '@/lib/form-resolver'
import { errorsT, useFormat } from '@/lib/i18n'
import { fileToBase64, getTaxStart, submitTaxStart, taxStartKeys, type TaxStartOwner } from '../api/tax-start-api'

const PROOF_TYPES = 'application/pdf,image/jpeg,image/png,image/webp'
const FIELDS = ['startedOn', 'activity', 'signerName', 'signerRut', 'signedOn', 'reason', 'sworn'] as const

/** The form's values (strings and a checkbox) to the declaration the API checks (TaxStartFieldsSchema). */
const FormSchema = z
  .object({
    kind: z.enum(['start', 'exemption']),
    startedOn: z.string(),
    activity: z.string(),
    signerName: z.string(),
    signerRut: z.string(),
    signedOn: z.string(),
    reason: z.string(),
    sworn: z.boolean(),
    oathLanguage: z.enum(['es', 'en']),
  })
  .transform((v) =>
    v.kind === 'start'
      ? { kind: v.kind, startedOn: v.startedOn, activity: v.activity }
      : {
          kind: v.kind,
          signerName: v.signerName,
          signerRut: v.signerRut,
          signedOn: v.signedOn,
          reason: v.reason,
          sworn: v.sworn || undefined,
          oathLanguage: v.oathLanguage,
        },
  )
  .pipe(TaxStartFieldsSchema)
type FormInput = z.input<typeof FormSchema>
type FormOutput = z.output<typeof FormSchema>

/** Today on Chile's calendar (YYYY-MM-DD): the latest day a start or a signature can carry. */
const chileToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date())

/**
 * "Inicio de actividades" / "Tax start" (issue 27, decision 222): the seller's state, the newest
 * declaration with its proof, and the form to declare (or renew) with a PDF or a photo.
 */
export function TaxStartCard({ owner }: { owner: TaxStartOwner }) {
  const { t } = useTranslation('tax-start', { keyPrefix: 'card' })
  const current = useQuery({ queryKey: taxStartKeys.of(owner), queryFn: () => getTaxStart(owner) })
  return (
    <Card id="tax-start">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileCheck2 className="size-5 text-primary" aria-hidden="true" />
          <h2>{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {current.data ? (
          <TaxStartBody owner={owner} status={current.data} />
        ) : current.isError ? (
          <ErrorAlert>{serverErrorText(current.error, errorsT, t('loadFailed')).message}</ErrorAlert>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            {t('loading')}
          </p>
        )}
      </CardContent>
    </Card>
  )
}

const BADGE: Record<string, 'default' | 'secondary' | 'destructive' | 'success' | 'outline'> = {
  none: 'outline',
  pending: 'secondary',
  approved: 'success',
  lapsingSoon: 'secondary',
  rejected: 'destructive',
  lapsed: 'destructive',
}

function TaxStartBody({ owner, status }: { owner: TaxStartOwner; status: TaxStartStatus }) {
  const { t } = useTranslation('tax-start', { keyPrefix: 'card' })
  const format = useFormat()
  const [renewing, setRenewing] = useState(false)
  const stateRef = useRef<HTMLDivElement>(null)
  const { state, latest } = status
  const known = state in BADGE ? state : 'none'
  const showForm = ['none', 'rejected', 'lapsed', 'lapsingSoon'].includes(known) || (known === 'approved' && renewing)
  return (
    <div className="grid gap-4">
      <div ref={stateRef} tabIndex={-1} className="grid gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <p className="flex flex-wrap items-center gap-2" data-testid="tax-start-state">
          <Badge variant={BADGE[known]}>{t(`badge.${known}`)}</Badge>
          <span>
            {t(`state.${known}`, {
              date: status.validUntil ? format.date(status.validUntil) : '',
              reason: latest?.rejectReason ?? '',
            })}
          </span>
        </p>
        {latest ? (
          <p className="text-sm text-muted-foreground">
            {t('latest', { kind: t(`kindName.${latest.kind}`), date: format.date(latest.submittedAt) })}{' '}
            <a
              href={latest.proof.url}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('viewProof')}
            </a>
          </p>
        ) : null}
      </div>
      {showForm ? (
        <TaxStartForm owner={owner} onSent={() => (setRenewing(false), requestAnimationFrame(() => stateRef.current?.focus()))} />
      ) : known === 'approved' ? (
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => setRenewing(true)}>
          {t('renew')}
        </Button>
      ) : null}
    </div>
  )
}

function TaxStartForm({ owner, onSent }: { owner: TaxStartOwner; onSent: () => void }) {
  const { t, i18n } = useTranslation('tax-start', { keyPrefix: 'card.form' })
  const queryClient = useQueryClient()
  const language = i18n.language === 'en' ? 'en' : 'es'
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: formResolver(FormSchema, errorsT),
    defaultValues: {
      kind: 'start',
      startedOn: '',
      activity: '',
      signerName: '',
      signerRut: '',
      signedOn: chileToday(),
      reason: '',
      sworn: false,
      oathLanguage: language,
    },
  })
  const kind = form.watch('kind')
  const send = useMutation({
    mutationFn: async (values: FormOutput) => {
      const proof = await fileToBase64(file!)
      const body = values.kind === 'exemption' ? { ...values, oathLanguage: language } : values
      return submitTaxStart(owner, { ...body, proof } as never)
    },
    onSuccess: (next) => {
      queryClient.setQueryData(taxStartKeys.of(owner), next)
      toast.success(t('sent'))
      onSent()
    },
    onError: (err) => {
      setFailure(null)
      const codes = err instanceof ApiError ? (err.errors ?? {}) : {}
      if (codes.proof) return setFileError(errorText('proof', codes.proof, errorsT))
      // The declaration needs the RUT of the tax details card first (decision 222).
      if (codes.rut) return setFailure(t('rutFirst'))
      if (!applyFieldErrors(form.setError, err, FIELDS, errorsT)) setFailure(serverErrorText(err, errorsT, t('sendFailed')).message)
    },
  })

  const checkFile = (picked: File | null) => {
    setFile(picked)
    if (!picked) return setFileError(errorText('proof', 'required', errorsT))
    if (picked.size > TAX_START_LIMITS.proofMaxBytes) return setFileError(errorText('proof', 'tooLarge', errorsT))
    if (!PROOF_TYPES.split(',').includes(picked.type)) return setFileError(errorText('proof', 'unsupportedFile', errorsT))
    setFileError(null)
  }

  const onSubmit = form.handleSubmit(
    (values) => {
      if (!file || fileError) {
        if (!file) setFileError(errorText('proof', 'required', errorsT))
        fileRef.current?.focus()
        return
      }
      setFailure(null)
      send.mutate(values)
    },
    () => {
      if (!file) setFileError(errorText('proof', 'required', errorsT))
    },
  )
  const { errors } = form.formState
  const id = (name: string) => `${owner}-tax-start-${name}`
  return (
    <form noValidate className="grid gap-4" onSubmit={onSubmit}>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('legend')}</legend>
        {(['start', 'exemption'] as const).map((value) => (
          <label key={value} className="flex items-start gap-2 text-sm">
            <input type="radio" value={value} className="mt-0.5 size-4 accent-primary" {...form.register('kind')} />
            {value === 'start' ? t('start') : t('exemption')}
          </label>
        ))}
      </fieldset>
      {kind === 'start' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={id('started-on')}
            label={t('startedOn')}
            type="date"
            max={chileToday()}
            error={errors.startedOn?.message}
            {...form.register('startedOn')}
          />
          <FormField
            id={id('activity')}
            label={t('activity')}
            hint={t('activityHint')}
            error={errors.activity?.message}
            {...form.register('activity')}
          />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={id('signer-name')}
            label={t('signerName')}
            autoComplete="name"
            error={errors.signerName?.message}
            {...form.register('signerName')}
          />
          <FormField
            id={id('signer-rut')}
            label={t('signerRut')}
            hint={t('signerRutHint')}
            autoComplete="off"
            spellCheck={false}
            error={errors.signerRut?.message}
            {...form.register('signerRut')}
          />
          <FormField
            id={id('signed-on')}
            label={t('signedOn')}
            type="date"
            max={chileToday()}
            error={errors.signedOn?.message}
            {...form.register('signedOn')}
          />
          <FormField
            id={id('reason')}
            label={t('reason')}
            hint={t('reasonHint')}
            containerClassName="sm:col-span-2"
            error={errors.reason?.message}
            render={(aria) => <Textarea {...aria} rows={3} {...form.register('reason')} />}
          />
          <div className="grid gap-2 sm:col-span-2">
            <p id={id('oath')} className="rounded-md border bg-muted/40 p-3 text-sm">
              {TAX_START_OATH[language]}
            </p>
            <label className="flex items-start gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                aria-describedby={id('oath')}
                aria-invalid={errors.sworn ? true : undefined}
                {...form.register('sworn')}
              />
              {t('sworn')}
            </label>
            {errors.sworn ? (
              <p className="text-sm text-destructive-strong" role="alert">
                {errors.sworn.message}
              </p>
            ) : null}
          </div>
        </div>
      )}
      <FormField
        id={id('proof')}
        ref={fileRef}
        label={t('proof')}
        hint={t('proofHint')}
        type="file"
        accept={PROOF_TYPES}
        error={fileError ?? undefined}
        onChange={(event) => checkFile(event.target.files?.[0] ?? null)}
      />
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <Button type="submit" className="justify-self-start" disabled={send.isPending}>
        {send.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {t('submit')}
      </Button>
    </form>
  )
}
