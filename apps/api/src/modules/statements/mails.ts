import type { Statement } from '@app/contracts'
import { brand } from '../../brand.ts'
import { clp, type MailLanguage } from '../../mail/texts.ts'
import { monthName, PDF_TEXT } from './texts.ts'
import en from './locales/en.json' with { type: 'json' }
import es from './locales/es.json' with { type: 'json' }

// The statement-ready mail's words (decision 233). The sentences are in locales/; the figures'
// labels are the PDF's (texts.ts), so the mail names each figure as the statement it announces.

const texts: Record<MailLanguage, typeof es> = { es, en }

/** Pesos as the other mails write them (`$45.000`); a share can be negative in a month of refunds: `-$1.500`. */
const pesos = (amount: number) => (amount < 0 ? `-${clp(-amount)}` : clp(amount))

/**
 * The month's headline figures, one per line: each is a total of the statement as the service
 * returned it (never summed again here). The gym's share shows on a gym's statement, and on a
 * trainer's when the trainer works at a gym, as on the statement section of the dashboards.
 */
function headlineFigures(statement: Pick<Statement, 'audience' | 'totals'>, language: MailLanguage) {
  const w = PDF_TEXT[language]
  const t = statement.totals
  const lines: Array<[string, string]> = [
    [w.payments, String(t.payments)],
    [w.gross, pesos(t.grossClp)],
    [w.refunded, pesos(t.refundedClp)],
    [w.platform, pesos(t.platformFeeClp)],
  ]
  if (statement.audience === 'gym' || t.gymShareClp !== 0) lines.push([w.gym, pesos(t.gymShareClp)])
  lines.push([w.trainerShare, pesos(t.trainerShareClp)])
  return lines.map(([label, value]) => `${label}: ${value}`).join('\n')
}

/** Subject and text of the mail saying `statement` is ready, in `language`. */
export function statementReadyMailText(
  statement: Pick<Statement, 'audience' | 'month' | 'totals'>,
  language: MailLanguage,
  values: { name: string; link: string },
) {
  const all: Record<string, string> = {
    ...values,
    brand: brand.name,
    month: monthName(statement.month, language),
    figures: headlineFigures(statement, language),
  }
  const fill = (template: string) =>
    template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
      if (all[key] === undefined) throw new Error(`statement mail: no value for {{${key}}}`)
      return all[key]
    })
  const { subject, text } = texts[language][statement.audience]
  return { subject: fill(subject), text: fill(text) }
}
