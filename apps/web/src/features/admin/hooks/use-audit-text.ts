import { AUDIT_SYSTEM_REASONS, type CommissionRates } from '@app/contracts'
import { useTranslation } from 'react-i18next'
import { useFormat } from '@/lib/i18n'
import { formatSplit } from '../lib/console-format'

/** One changed value of an audit row, in words: "Plan: Business → Enterprise" (no before: "Sessions ended: 2"). */
export interface AuditChange {
  label: string
  before: string | null
  after: string
}

/** An audit row (or a trainer's subscription event) told as a sentence, with what changed. */
export interface AuditText {
  sentence: string
  changes: AuditChange[]
}

export interface AuditRowInput {
  action: string
  before: unknown
  after: unknown
  subjectType?: string | null
}

type Values = Record<string, unknown>
const asValues = (value: unknown): Values => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : {})
const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value))
const num = (value: unknown) => (typeof value === 'number' ? value : Number(value))
const isRates = (value: unknown): value is CommissionRates =>
  ['trainer', 'gym', 'platform'].every((k) => typeof asValues(value)[k] === 'number')

/** A server-written reason's key (the codes hold spaces and colons, which i18next keys cannot). */
const REASON_KEYS: Record<(typeof AUDIT_SYSTEM_REASONS)[number], string> = {
  deactivated: 'deactivated',
  'logout-all': 'logoutAll',
  'password reset': 'passwordReset',
  'account closed': 'accountClosed',
  'trainer deactivated': 'trainerDeactivated',
  'admin-create-force': 'adminCreateForce',
  'admin-create-promote': 'adminCreatePromote',
  'forced: address not verified by its owner': 'forcedUnverified',
}

/**
 * The console's words for audit rows (issue 23 point 7): each action as a sentence in the shown
 * language, what changed as "label: before → after" with the console's own formats (plans by
 * name, rates in percent, amounts in CLP, dates on Chile's clock), reasons written by the server
 * in words. The codes stay beside them on screen (HistoryTable), so nothing is hidden.
 */
export function useAuditText() {
  const { t } = useTranslation('admin')
  const format = useFormat()

  const yesNo = (value: unknown) => (value ? t('value.yes') : t('value.no'))
  const bytes = (n: number) =>
    n >= 1_048_576 ? `${format.number(Math.round(n / 104_857.6) / 10)} MB` : `${format.number(Math.ceil(n / 1024))} KB`
  const businessPlan = (plan: unknown) => t(`plan.${text(plan)}`, { defaultValue: text(plan) })
  const trainerPlan = (plan: unknown) => t(`planKey.${text(plan)}`, { defaultValue: text(plan) })
  const providerStatus = (status: unknown) => t(`providerStatus.${text(status)}`, { defaultValue: text(status) })
  const clientState = (state: unknown) => t(`clientState.${text(state)}`, { defaultValue: text(state) })
  const leadStatus = (status: unknown) => t(`leadStatus.${text(status)}`, { defaultValue: text(status) })
  const accountState = (active: unknown) => (active ? t('trainers.active') : t('trainers.deactivated'))

  /** Any value in words: yes/no, numbers, lists and "key: value" pairs; never JSON. */
  const plain = (value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—'
    if (typeof value === 'boolean') return yesNo(value)
    if (typeof value === 'number') return format.number(value)
    if (typeof value === 'string') return value
    if (Array.isArray(value)) return value.map(plain).join(', ')
    return Object.entries(value as Values)
      .map(([key, v]) => `${key}: ${plain(v)}`)
      .join(', ')
  }

  /** Every key of before/after, by its own name: for actions this console does not know yet. */
  const generic = (before: Values, after: Values): AuditChange[] =>
    [...new Set([...Object.keys(before), ...Object.keys(after)])].map((key) => ({
      label: key,
      before: key in before ? plain(before[key]) : null,
      after: key in after ? plain(after[key]) : '—',
    }))

  /** A change only when the value moved (or was only written after). */
  const changed = (label: string, before: string | null, after: string): AuditChange[] =>
    before === after ? [] : [{ label, before, after }]

  const filtersOf = (after: Values): AuditChange[] => {
    const filters = asValues(after.filters)
    return Object.keys(filters).length ? [{ label: t('field.filters'), before: null, after: plain(filters) }] : []
  }

  function describe(row: AuditRowInput): AuditText {
    const before = asValues(row.before)
    const after = asValues(row.after)
    const say = (sentence: string, changes: AuditChange[] = []): AuditText => ({ sentence, changes })
    switch (row.action) {
      case 'business.update': {
        const changes = [
          ...(before.subscriptionPlan !== undefined || after.subscriptionPlan !== undefined
            ? changed(t('field.plan'), businessPlan(before.subscriptionPlan), businessPlan(after.subscriptionPlan))
            : []),
          ...(isRates(before.commissionRates) && isRates(after.commissionRates)
            ? changed(
                t('field.split'),
                formatSplit(before.commissionRates, format.percent),
                formatSplit(after.commissionRates, format.percent),
              )
            : []),
        ]
        return say(t('sentence.businessUpdate'), changes)
      }
      case 'business.central_billing':
        return say(after.approved ? t('sentence.centralBillingAllowed') : t('sentence.centralBillingStopped'), [
          ...changed(t('field.centralBilling'), yesNo(before.approved), yesNo(after.approved)),
        ])
      case 'lead.status':
        return say(t('sentence.leadMoved', { from: leadStatus(before.status), to: leadStatus(after.status) }), [
          ...changed(t('field.status'), leadStatus(before.status), leadStatus(after.status)),
        ])
      case 'lead.note':
        return say(t('sentence.leadNote'))
      case 'user.deactivate':
        return say(t('sentence.deactivated'), changed(t('field.account'), accountState(before.isActive ?? true), accountState(false)))
      case 'user.reactivate':
        return say(t('sentence.reactivated'), changed(t('field.account'), accountState(before.isActive ?? false), accountState(true)))
      case 'user.mail_resend':
        if (after.kind === 'welcome') return say(t('sentence.mailWelcome', { to: text(after.to) }))
        if (after.kind === 'password_set') return say(t('sentence.mailPasswordSet', { to: text(after.to) }))
        break
      case 'auth.login': {
        const via = text(after.via)
        if (via === 'email') return say(t('sentence.loginEmail'))
        if (via === 'business') return say(t('sentence.loginBusiness'))
        if (via === 'client-code' || via === 'code') return say(t('sentence.loginCode'))
        if (via === 'sign-up') return say(t('sentence.loginSignup'))
        return say(t('sentence.login'))
      }
      case 'auth.login_failures': {
        const values = { failures: num(after.failures), minutes: num(after.windowMinutes), email: text(after.email ?? after.lastEmail) }
        if (after.scope === 'address') return say(t('sentence.failuresAddress', values))
        return say(after.lockout ? t('sentence.failuresLocked', values) : t('sentence.failuresAccount', values))
      }
      case 'auth.password_reset':
        return say(t('sentence.passwordReset'))
      case 'session.revoke_all':
        return say(t('sentence.sessionsEnded', { count: num(after.sessions) || 0 }))
      case 'admin.create':
        return say(t('sentence.adminCreated', { email: text(after.email) }))
      case 'admin.promote':
        return say(t('sentence.adminPromoted', { email: text(after.email) }), [
          ...changed(t('field.role'), role(text(before.role)), role(text(after.role))),
          ...(after.passwordReset ? [{ label: t('field.passwordReset'), before: null, after: yesNo(true) }] : []),
          ...(num(after.sessionsEnded)
            ? [{ label: t('field.sessionsEnded'), before: null, after: format.number(num(after.sessionsEnded)) }]
            : []),
        ])
      case 'backup.create': {
        if (after.error) return say(t('sentence.backupFailed', { error: text(after.error) }))
        const values = { file: text(after.file), size: bytes(num(after.bytes) || 0) }
        return say(after.verified ? t('sentence.backupVerified', values) : t('sentence.backupUnverified', values))
      }
      case 'admin.export':
        return say(
          t('sentence.exported', { what: t(`exportOf.${text(row.subjectType)}`, { defaultValue: text(row.subjectType) }) }),
          filtersOf(after),
        )
      case 'lead.list':
        return say(t('sentence.leadList'), filtersOf(after))
      case 'client.invite':
        return say(t('sentence.clientInvited'))
      case 'client.cancel':
        return say(t('sentence.clientCancelled'), changed(t('field.state'), clientState(before.state), clientState('cancelled')))
      case 'client.refund':
        return say(t('sentence.clientRefund', { amount: format.clp(num(after.amountClp) || 0) }))
      case 'account.close': {
        const date = typeof after.purgeAfter === 'string' ? format.date(after.purgeAfter) : '—'
        const changes = num(after.cancelledSubscriptions)
          ? [{ label: t('field.cancelledSubscriptions'), before: null, after: format.number(num(after.cancelledSubscriptions)) }]
          : []
        return say(
          after.by === 'operator' ? t('sentence.accountClosedOperator', { date }) : t('sentence.accountClosedSelf', { date }),
          changes,
        )
      }
      case 'account.reopen':
        return say(t('sentence.accountReopened'))
      case 'account.rectify': {
        const label = (key: string) =>
          key === 'firstName' ? t('field.firstName') : key === 'lastName' ? t('field.lastName') : key === 'phone' ? t('field.phone') : key
        return say(
          t('sentence.accountRectified'),
          Object.keys(after).flatMap((key) => changed(label(key), plain(before[key]), plain(after[key]))),
        )
      }
      case 'privacy.export':
        return say(t('sentence.dataExported', { count: num(after.tables) || 0 }))
      case 'privacy.purge':
        return say(t('sentence.purged'))
      case 'review.hide':
        return say(t('sentence.reviewHidden'), changed(t('field.visible'), yesNo(true), yesNo(false)))
      case 'review.unhide':
        return say(t('sentence.reviewShown'), changed(t('field.visible'), yesNo(false), yesNo(true)))
      case 'subscription.started':
        return say(t('sentence.subscriptionStarted', { plan: trainerPlan(after.plan), status: providerStatus(after.status) }))
      case 'subscription.trial_ends':
        return say(t('sentence.trialEnds', { plan: trainerPlan(after.plan) }))
      case 'subscription.trial_ended':
        return say(t('sentence.trialEnded', { plan: trainerPlan(after.plan) }))
      case 'subscription.cancelled':
        return say(t('sentence.subscriptionCancelled', { plan: trainerPlan(after.plan) }))
      case 'subscription.status':
        return say(t('sentence.subscriptionStatus', { plan: trainerPlan(after.plan), status: providerStatus(after.status) }))
    }
    return say(actionLabel(row.action), generic(before, after))
  }

  /** The action's name in words ("Refund to a client"); the code itself where the console has no name for it. */
  function actionLabel(action: string) {
    return t(`actions.${action}`, { defaultValue: action })
  }

  /** A reason the server wrote, in words with its code; an operator's own reason as typed. */
  function reason(value: string | null): { text: string; code: string | null } | null {
    if (!value) return null
    const key = REASON_KEYS[value as keyof typeof REASON_KEYS]
    return key ? { text: t(`reasons.${key}`), code: value } : { text: value, code: null }
  }

  /** A role in words (the actor's, or before/after of a promotion). */
  function role(value: string | null) {
    return value ? t(`role.${value}`, { defaultValue: value }) : '—'
  }

  /** What kind of thing an audit row is about, in words. */
  function subjectType(value: string) {
    return t(`audit.subjectTypes.${value}`, { defaultValue: value })
  }

  return { describe, actionLabel, reason, role, subjectType }
}
