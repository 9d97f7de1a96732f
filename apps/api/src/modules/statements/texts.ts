import type { AccountLanguage, StatementLine } from '@app/contracts'
import type { CsvColumn } from '../../lib/csv.ts'
import type { Audience } from './service.ts'

// The statement's words in the reader's language (decision 225), with the income and commissions
// screens' words for the same figures (client-billing/csv-texts.ts).

type Words<T> = Record<AccountLanguage, T>

/** `2026-10` → "octubre de 2026" / "October 2026" (the PDF's title, the statement-ready mail). */
export function monthName(month: string, language: AccountLanguage) {
  const [y, m] = month.split('-').map(Number)
  return new Intl.DateTimeFormat(language === 'es' ? 'es-CL' : 'en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  )
}

/** File names before the month: `estado-mensual_2026-11.csv`. */
export const STATEMENT_FILE: Words<string> = { es: 'estado-mensual', en: 'monthly-statement' }

export const STATEMENT_COLUMNS = [
  { key: 'at', es: 'Fecha', en: 'Date' },
  { key: 'kind', es: 'Movimiento', en: 'Entry' },
  { key: 'client', es: 'Cliente', en: 'Client' },
  { key: 'offer', es: 'Oferta', en: 'Offer' },
  { key: 'trainer', es: 'Entrenador', en: 'Trainer' },
  // The client's details for a factura (decision 237), empty when they gave none; after the
  // trainer, so that the columns before keep their places.
  { key: 'clientRut', es: 'RUT del cliente', en: 'Client RUT' },
  { key: 'clientLegalName', es: 'Razón social del cliente', en: 'Client legal name (razón social)' },
  { key: 'clientActivity', es: 'Giro del cliente', en: 'Client business activity (giro)' },
  { key: 'grossClp', es: 'Pagado por el cliente (CLP)', en: 'Paid by the client (CLP)' },
  { key: 'platformFeeClp', es: 'Comisión de la plataforma (CLP)', en: 'Platform commission (CLP)' },
  { key: 'gymShareClp', es: 'Parte del gimnasio (CLP)', en: 'Gym share (CLP)' },
  { key: 'trainerShareClp', es: 'Parte del entrenador (CLP)', en: 'Trainer share (CLP)' },
  { key: 'paymentId', es: 'ID del pago', en: 'Payment ID' },
] as const satisfies readonly CsvColumn[]

export const LINE_KIND: Words<Record<StatementLine['kind'], string>> = {
  es: { payment: 'Pago', refund: 'Reembolso', dispute: 'Contracargo' },
  en: { payment: 'Payment', refund: 'Refund', dispute: 'Chargeback' },
}

/** The PDF's words. */
export const PDF_TEXT: Words<{
  title: string
  period: (month: string, from: string, to: string) => string
  partial: string
  rut: string
  noRut: string
  /** Before a client's giro, on the line under their RUT and razón social. */
  activity: string
  generated: (at: string) => string
  columns: {
    day: string
    kind: string
    client: string
    trainer: string
    gross: string
    platform: string
    gym: string
    trainerShare: string
  }
  empty: string
  totals: string
  payments: string
  gross: string
  refunded: string
  net: string
  platform: string
  gym: string
  trainerShare: string
  note: Record<Audience, string>
  fees: string
  page: (n: number, of: number) => string
}> = {
  es: {
    title: 'Estado mensual',
    period: (name, from, to) => `Período: ${name} (del ${from} al ${to}, hora de Chile)`,
    partial: 'El mes aún no termina: este estado puede cambiar.',
    rut: 'RUT',
    noRut: 'RUT no registrado',
    activity: 'Giro',
    generated: (at) => `Emitido el ${at}`,
    columns: {
      day: 'Fecha',
      kind: 'Movimiento',
      client: 'Cliente',
      trainer: 'Entrenador',
      gross: 'Pagado',
      platform: 'Comisión plataforma',
      gym: 'Parte gimnasio',
      trainerShare: 'Parte entrenador',
    },
    empty: 'No hubo pagos ni reembolsos en este mes.',
    totals: 'Totales del mes',
    payments: 'Pagos recibidos',
    gross: 'Pagado por clientes (bruto)',
    refunded: 'Reembolsos y contracargos',
    net: 'Pagado menos reembolsos',
    platform: 'Comisión de la plataforma',
    gym: 'Parte del gimnasio',
    trainerShare: 'Parte del entrenador',
    note: {
      trainer:
        'Este estado no es un documento tributario. Resume lo que tus clientes pagaron por medio de la plataforma en el mes y la parte de cada uno, y es la base para que emitas tu boleta de honorarios. La comisión de la plataforma se documenta aparte.',
      gym: 'Este estado no es un documento tributario. Resume lo que los clientes de los entrenadores de tu gimnasio pagaron por medio de la plataforma en el mes y la parte de cada uno, y es la base para que emitas tus propios documentos tributarios. La comisión de la plataforma se documenta aparte.',
    },
    fees: 'Los reembolsos y contracargos figuran en el mes en que ocurrieron, con signo negativo. No incluye comisiones del procesador de pagos.',
    page: (n, of) => `Página ${n} de ${of}`,
  },
  en: {
    title: 'Monthly statement',
    period: (name, from, to) => `Period: ${name} (${from} to ${to}, Chile time)`,
    partial: 'The month is not over yet: this statement may change.',
    rut: 'RUT',
    noRut: 'No RUT on file',
    activity: 'Activity (giro)',
    generated: (at) => `Issued on ${at}`,
    columns: {
      day: 'Date',
      kind: 'Entry',
      client: 'Client',
      trainer: 'Trainer',
      gross: 'Paid',
      platform: 'Platform commission',
      gym: 'Gym share',
      trainerShare: 'Trainer share',
    },
    empty: 'There were no payments or refunds this month.',
    totals: 'Totals for the month',
    payments: 'Payments received',
    gross: 'Paid by clients (gross)',
    refunded: 'Refunds and chargebacks',
    net: 'Paid less refunds',
    platform: 'Platform commission',
    gym: 'Gym share',
    trainerShare: 'Trainer share',
    note: {
      trainer:
        'This statement is not a tax document. It sums up what your clients paid through the platform in the month and each party’s share, and it is the basis for your boleta de honorarios. The platform’s commission is documented separately.',
      gym: 'This statement is not a tax document. It sums up what the clients of your gym’s trainers paid through the platform in the month and each party’s share, and it is the basis for your own tax documents. The platform’s commission is documented separately.',
    },
    fees: 'Refunds and chargebacks appear in the month they happened, as negative amounts. Payment processor fees are not included.',
    page: (n, of) => `Page ${n} of ${of}`,
  },
}
