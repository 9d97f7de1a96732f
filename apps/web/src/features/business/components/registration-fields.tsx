import { DEFAULT_COMMISSION_RATES, TRAINER_LIMITS } from '@app/contracts/constants'
import { Controller, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Checkbox } from '@/components/ui/checkbox'
import { FormField } from '@/components/ui/form-field'
import { useFormat } from '@/lib/i18n'
import { legalPage } from '@/lib/legal-pages'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'
import type { RegisterForm } from '../lib/register-validation'

type Form = UseFormReturn<RegisterForm>

const PLANS = [
  ['business', 'Business', TRAINER_LIMITS.business],
  ['enterprise', 'Enterprise', TRAINER_LIMITS.enterprise],
] as const

/** Business or Enterprise (spec §3), as radio cards. */
export function PlanChoice({ form }: { form: Form }) {
  const { t } = useTranslation('business', { keyPrefix: 'register.plan' })
  const format = useFormat()
  const plan = form.watch('subscriptionPlan')
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-semibold">{t('legend')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {PLANS.map(([value, title, limit]) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
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
              <span className="block text-sm text-muted-foreground">{t('upTo', { limit: format.number(limit) })}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

const SPLIT = ['trainer', 'gym', 'platform'] as const

/** The central billing setting (spec §3): on by default, an optional account id, the default split. */
export function CentralBillingFields({ form }: { form: Form }) {
  const { t } = useTranslation('business', { keyPrefix: 'register.billing' })
  const format = useFormat()
  const enabled = form.watch('centralBillingEnabled')
  return (
    <fieldset className="grid gap-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">{t('legend')}</legend>
      <div className="flex items-start gap-3">
        <Controller
          control={form.control}
          name="centralBillingEnabled"
          render={({ field }) => (
            <Checkbox
              id="centralBillingEnabled"
              checked={field.value}
              onCheckedChange={(v) => field.onChange(v === true)}
              className="mt-0.5"
            />
          )}
        />
        <div className="grid gap-1">
          <Label htmlFor="centralBillingEnabled">{t('enable')}</Label>
          <p className="text-sm text-muted-foreground">{t('explain')}</p>
        </div>
      </div>
      {enabled && (
        <>
          <FormField id="paymentAccountId" label={t('accountId')} placeholder="acct_..." {...form.register('paymentAccountId')} />
          <div>
            <p className="mb-2 text-sm font-medium" id="commission-title">
              {t('split')}
            </p>
            <dl aria-labelledby="commission-title" className="grid grid-cols-3 gap-2 text-center">
              {SPLIT.map((party) => (
                <div key={party} className="rounded-md bg-muted px-2 py-2">
                  <dt className="text-xs text-muted-foreground">{t(`party.${party}`)}</dt>
                  <dd className="text-lg font-semibold">{format.percent(DEFAULT_COMMISSION_RATES[party])}</dd>
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
  ['acceptTerms', 'terms'],
  ['acceptPrivacy', 'privacy'],
] as const

/** Terms and privacy, both required (spec §5 rule 4). */
export function LegalConsents({ form }: { form: Form }) {
  const { t, i18n } = useTranslation('business', { keyPrefix: 'register.consent' })
  return (
    <div className="grid gap-3">
      {CONSENTS.map(([name, document]) => (
        <div key={name} className="flex items-center gap-3">
          <Controller
            control={form.control}
            name={name}
            render={({ field }) => <Checkbox id={name} checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />}
          />
          <Label htmlFor={name} className="font-normal">
            <span>
              {t(`before.${document}`)}
              {/* The document in the language on screen (/en/terms in English, decision 231). */}
              <Link
                to={legalPage(document, i18n.language)}
                target="_blank"
                className="font-medium text-primary underline underline-offset-4"
              >
                {t(`link.${document}`)}
              </Link>
              {' *'}
            </span>
          </Label>
        </div>
      ))}
    </div>
  )
}
