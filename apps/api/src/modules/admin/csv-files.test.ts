import { AUDIT_SYSTEM_REASONS, LEAD_STATUSES, PaymentStateSchema } from '@app/contracts'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PAYMENT_STATE, LEDGER_KIND as TRAINER_LEDGER_KIND, ledgerDescription } from '../client-billing/csv-texts.ts'
import { accountName, AUDIT_ACTION, LEAD_STATUS, LEDGER_KIND, ROLE, SUBJECT_TYPE, SYSTEM_REASON } from './csv-files.ts'

// The files use the screens' words for the same things (decision 201): each list here is checked
// against the web's locale files, so a word added or changed on a screen fails until the file says
// it too (an action without words is written as its code).
const web = (feature: string, language: 'es' | 'en') =>
  JSON.parse(readFileSync(new URL(`../../../../web/src/features/${feature}/locales/${language}.json`, import.meta.url), 'utf8'))

/** `{ admin: { create: 'x' } }` → `{ 'admin.create': 'x' }`. */
const flat = (tree: Record<string, unknown>, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flat(v as Record<string, unknown>, `${prefix}${k}.`)),
    ),
  )

/** The web's keys for the reasons the server writes (AUDIT_SYSTEM_REASONS). */
const REASON_KEY: Record<(typeof AUDIT_SYSTEM_REASONS)[number], string> = {
  deactivated: 'deactivated',
  'logout-all': 'logoutAll',
  'password reset': 'passwordReset',
  'account closed': 'accountClosed',
  'trainer deactivated': 'trainerDeactivated',
  'admin-create-force': 'adminCreateForce',
  'admin-create-promote': 'adminCreatePromote',
  'forced: address not verified by its owner': 'forcedUnverified',
}

describe.each(['es', 'en'] as const)('the words of the files in %s are the screens’ words', (language) => {
  const admin = web('admin', language)
  it('operator console: actions, roles, subject types, reasons, ledger kinds, lead states', () => {
    expect(AUDIT_ACTION[language]).toEqual(flat(admin.actions))
    expect(ROLE[language]).toEqual(admin.role)
    expect(SUBJECT_TYPE[language]).toEqual(admin.audit.subjectTypes)
    expect(Object.keys(SYSTEM_REASON[language]).sort()).toEqual([...AUDIT_SYSTEM_REASONS].sort())
    for (const reason of AUDIT_SYSTEM_REASONS) expect(SYSTEM_REASON[language][reason], reason).toBe(admin.reasons[REASON_KEY[reason]])
    expect(LEDGER_KIND[language]).toEqual(admin.money.kinds)
    expect(LEAD_STATUS[language]).toEqual(admin.leadStatus)
    expect(Object.keys(LEAD_STATUS[language]).sort()).toEqual([...LEAD_STATUSES].sort())
  })
  it("trainer's files: the payment states of the payments list", () => {
    const billing = web('client-billing', language)
    expect(PAYMENT_STATE[language]).toEqual(billing.payments.state)
    expect(Object.keys(PAYMENT_STATE[language]).sort()).toEqual([...PaymentStateSchema.options].sort())
    expect(Object.keys(TRAINER_LEDGER_KIND[language]).sort()).toEqual(Object.keys(admin.money.kinds).sort())
  })
})

describe('ledger accounts and entries in words', () => {
  it("names the platform's accounts by what they hold and a party's by its name", () => {
    expect(accountName('provider_clearing', null, 'es')).toBe('Proveedor de pagos (por liquidar)')
    expect(accountName('platform_revenue', null, 'en')).toBe('Platform (commissions)')
    expect(accountName('trainer:abc', 'Ana Pérez', 'es')).toBe('Entrenador: Ana Pérez')
    expect(accountName('gym:abc', 'Gym Central', 'en')).toBe('Gym: Gym Central')
    expect(accountName('receivable:trainer:abc', 'Ana Pérez', 'es')).toBe('Por cobrar a Entrenador: Ana Pérez')
    expect(accountName('receivable:gym:abc', null, 'en')).toBe('Receivable from Gym: abc')
    expect(accountName('something_new', null, 'es')).toBe('something_new')
  })
  it("says what each entry of the trainer's account is, with the payment's amount and what was taken off", () => {
    const fact = { client: 'Carla Cliente', offer: 'Plan', paymentClp: 30_000, gymShareClp: 10_500, platformShareClp: 1_500 }
    expect(ledgerDescription({ ...fact, kind: 'payment' }, 'es')).toBe(
      'Pago de Carla Cliente por «Plan»: $30.000 menos la comisión de la plataforma ($1.500) y la parte del gimnasio ($10.500)',
    )
    expect(ledgerDescription({ ...fact, kind: 'payment' }, 'en')).toMatch(
      /^Payment from Carla Cliente for “Plan”: CLP\s30,000 less the platform commission \(CLP\s1,500\) and the gym share \(CLP\s10,500\)$/,
    )
    for (const kind of Object.keys(TRAINER_LEDGER_KIND.es) as (keyof (typeof TRAINER_LEDGER_KIND)['es'])[])
      for (const language of ['es', 'en'] as const) expect(ledgerDescription({ ...fact, kind }, language), kind).toContain('Carla Cliente')
  })
})
