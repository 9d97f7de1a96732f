import { DEFAULT_COMMISSION_RATES, TRAINER_LIMITS } from '@app/contracts/constants'
import { Controller, type UseFormReturn } from 'react-hook-form'
import { Link } from 'react-router'
import { Checkbox } from '@/components/ui/checkbox'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'
import type { RegisterForm } from '../lib/register-validation'

type Form = UseFormReturn<RegisterForm>

const pct = (rate: number) => `${Math.round(rate * 100)}%`

const PLANS = [
  ['business', 'Business', `Hasta ${TRAINER_LIMITS.business} entrenadores`],
  ['enterprise', 'Enterprise', `Hasta ${TRAINER_LIMITS.enterprise} entrenadores`],
] as const

/** Business or Enterprise (spec §3), as radio cards. */
export function PlanChoice({ form }: { form: Form }) {
  const plan = form.watch('subscriptionPlan')
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-semibold">Plan de suscripción *</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {PLANS.map(([value, title, detail]) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-4 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60',
              plan === value && 'border-primary bg-accent',
            )}
          >
            {/* defaultChecked: the prerendered page shows the default plan before react-hook-form has started. */}
            <input
              type="radio"
              value={value}
              defaultChecked={value === form.formState.defaultValues?.subscriptionPlan}
              className="mt-1 accent-[var(--primary)]"
              {...form.register('subscriptionPlan')}
            />
            <span>
              <span className="block font-medium">{title}</span>
              <span className="block text-sm text-muted-foreground">{detail}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

const SPLIT = [
  ['Entrenador', DEFAULT_COMMISSION_RATES.trainer],
  ['Gimnasio', DEFAULT_COMMISSION_RATES.gym],
  ['Plataforma', DEFAULT_COMMISSION_RATES.platform],
] as const

/** The central billing setting (spec §3): on by default, an optional account id, the default split. */
export function CentralBillingFields({ form }: { form: Form }) {
  const enabled = form.watch('centralBillingEnabled')
  return (
    <fieldset className="grid gap-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">Facturación centralizada</legend>
      <div className="flex items-start gap-3">
        <Controller
          control={form.control}
          name="centralBillingEnabled"
          render={({ field }) => <Checkbox id="centralBillingEnabled" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} className="mt-0.5" />}
        />
        <div className="grid gap-1">
          <Label htmlFor="centralBillingEnabled">Activar facturación centralizada</Label>
          <p className="text-sm text-muted-foreground">El gimnasio cobra a los clientes y reparte los pagos con sus entrenadores.</p>
        </div>
      </div>
      {enabled && (
        <>
          <FormField id="paymentAccountId" label="ID de cuenta de pago (opcional)" placeholder="acct_..." {...form.register('paymentAccountId')} />
          <div>
            <p className="mb-2 text-sm font-medium" id="commission-title">
              Reparto de comisiones
            </p>
            <dl aria-labelledby="commission-title" className="grid grid-cols-3 gap-2 text-center">
              {SPLIT.map(([label, rate]) => (
                <div key={label} className="rounded-md bg-muted px-2 py-2">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-lg font-semibold">{pct(rate)}</dd>
                </div>
              ))}
            </dl>
          </div>
        </>
      )}
    </fieldset>
  )
}

const CONSENTS = [
  ['acceptTerms', 'Acepto los ', 'términos y condiciones', '/terminos'],
  ['acceptPrivacy', 'Acepto la ', 'política de privacidad', '/privacidad'],
] as const

/** Terms and privacy, both required (spec §5 rule 4). */
export function LegalConsents({ form }: { form: Form }) {
  return (
    <div className="grid gap-3">
      {CONSENTS.map(([name, before, linkText, href]) => (
        <div key={name} className="flex items-center gap-3">
          <Controller control={form.control} name={name} render={({ field }) => <Checkbox id={name} checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />} />
          <Label htmlFor={name} className="font-normal">
            <span>
              {before}
              <Link to={href} target="_blank" className="font-medium text-primary underline underline-offset-4">
                {linkText}
              </Link>
              {' *'}
            </span>
          </Label>
        </div>
      ))}
    </div>
  )
}
