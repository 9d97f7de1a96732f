import type { AccountLanguage, Payment } from '@app/contracts'
import { formatClp } from '@app/contracts/format-clp'
import type { CsvColumn } from '../../lib/csv.ts'
import type { LedgerKind } from '../ledger/service.ts'

// The words of the client-billing files (decision 201): headers and states in the reader's
// language, with the screens' words for the same figures (features/client-billing/locales).

type Words<T> = Record<AccountLanguage, T>

/** File names (before the Chile days of the period). */
export const CSV_FILE: Words<Record<'payments' | 'ledger' | 'commissions', string>> = {
  es: { payments: 'pagos', ledger: 'movimientos', commissions: 'comisiones' },
  en: { payments: 'payments', ledger: 'ledger', commissions: 'commissions' },
}

export const PAYMENT_COLUMNS = [
  { key: 'id', es: 'ID del pago', en: 'Payment ID' },
  { key: 'paidAt', es: 'Fecha de pago', en: 'Paid at' },
  { key: 'client', es: 'Cliente', en: 'Client' },
  { key: 'offer', es: 'Oferta', en: 'Offer' },
  { key: 'amountClp', es: 'Monto (CLP)', en: 'Amount (CLP)' },
  { key: 'refundedClp', es: 'Reembolsado (CLP)', en: 'Refunded (CLP)' },
  { key: 'trainerShareClp', es: 'Tu parte (CLP)', en: 'Your share (CLP)' },
  { key: 'gymShareClp', es: 'Parte del gimnasio (CLP)', en: 'Gym share (CLP)' },
  { key: 'platformShareClp', es: 'Comisión de la plataforma (CLP)', en: 'Platform commission (CLP)' },
  { key: 'state', es: 'Estado', en: 'State' },
] as const satisfies readonly CsvColumn[]

export const PAYMENT_STATE: Words<Record<Payment['state'], string>> = {
  es: { paid: 'Pagado', partially_refunded: 'Reembolsado en parte', refunded: 'Reembolsado', disputed: 'En disputa' },
  en: { paid: 'Paid', partially_refunded: 'Partly refunded', refunded: 'Refunded', disputed: 'Disputed' },
}

export const LEDGER_COLUMNS = [
  { key: 'at', es: 'Fecha', en: 'Date' },
  { key: 'kind', es: 'Movimiento', en: 'Entry' },
  { key: 'description', es: 'Descripción', en: 'Description' },
  { key: 'client', es: 'Cliente', en: 'Client' },
  { key: 'offer', es: 'Oferta', en: 'Offer' },
  { key: 'amountClp', es: 'Importe (CLP)', en: 'Amount (CLP)' },
  { key: 'paymentId', es: 'ID del pago', en: 'Payment ID' },
] as const satisfies readonly CsvColumn[]

export const LEDGER_KIND: Words<Record<LedgerKind, string>> = {
  es: {
    payment: 'Pago',
    refund: 'Reembolso',
    dispute: 'Contracargo',
    transfer: 'Transferencia a tu cuenta',
    transfer_reversal: 'Devolución desde tu cuenta',
    receivable: 'Deuda con la plataforma',
  },
  en: {
    payment: 'Payment',
    refund: 'Refund',
    dispute: 'Chargeback',
    transfer: 'Payout to your account',
    transfer_reversal: 'Taken back from your account',
    receivable: 'Owed to the platform',
  },
}

/** What an entry of the trainer's own account is, in a sentence: who paid for what, and what was taken off. */
export interface LedgerFact {
  kind: LedgerKind
  client: string
  offer: string
  paymentClp: number
  gymShareClp: number
  platformShareClp: number
}

export function ledgerDescription(f: LedgerFact, language: AccountLanguage): string {
  const clp = (n: number) => formatClp(n, language)
  if (language === 'es') {
    const of = `${f.client} por «${f.offer}»`
    switch (f.kind) {
      case 'payment':
        return `Pago de ${of}: ${clp(f.paymentClp)} menos la comisión de la plataforma (${clp(f.platformShareClp)})${
          f.gymShareClp ? ` y la parte del gimnasio (${clp(f.gymShareClp)})` : ''
        }`
      case 'refund':
        return `Reembolso a ${of}: se descuenta tu parte`
      case 'dispute':
        return `Contracargo de ${of}: se descuenta tu parte`
      case 'transfer':
        return `Transferido a tu cuenta de pagos: pago de ${of}`
      case 'transfer_reversal':
        return `Retirado de tu cuenta de pagos por el reembolso o contracargo de ${of}`
      case 'receivable':
        return `No se pudo retirar de tu cuenta de pagos (reembolso o contracargo de ${of}): queda como deuda con la plataforma`
    }
  }
  const of = `${f.client} for “${f.offer}”`
  switch (f.kind) {
    case 'payment':
      return `Payment from ${of}: ${clp(f.paymentClp)} less the platform commission (${clp(f.platformShareClp)})${
        f.gymShareClp ? ` and the gym share (${clp(f.gymShareClp)})` : ''
      }`
    case 'refund':
      return `Refund to ${of}: your share taken back`
    case 'dispute':
      return `Chargeback by ${of}: your share taken back`
    case 'transfer':
      return `Paid out to your payout account: payment from ${of}`
    case 'transfer_reversal':
      return `Taken back from your payout account for the refund or chargeback of ${of}`
    case 'receivable':
      return `Could not be taken back from your payout account (refund or chargeback of ${of}): owed to the platform`
  }
}

export const COMMISSION_COLUMNS = [
  { key: 'month', es: 'Mes', en: 'Month' },
  { key: 'trainer', es: 'Entrenador', en: 'Trainer' },
  { key: 'payments', es: 'Pagos', en: 'Payments' },
  { key: 'grossClp', es: 'Bruto (CLP)', en: 'Gross (CLP)' },
  { key: 'refundedClp', es: 'Reembolsado (CLP)', en: 'Refunded (CLP)' },
  { key: 'trainerShareClp', es: 'Parte del entrenador (CLP)', en: 'Trainer share (CLP)' },
  { key: 'gymShareClp', es: 'Parte del gimnasio (CLP)', en: 'Gym share (CLP)' },
  { key: 'platformShareClp', es: 'Comisión de la plataforma (CLP)', en: 'Platform commission (CLP)' },
] as const satisfies readonly CsvColumn[]
