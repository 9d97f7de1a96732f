import { formatRut } from '@app/contracts'
import { brand } from '../../brand.ts'
import { clp, santiagoDate, type MailLanguage, type MailText } from '../../mail/texts.ts'

// The words of a tax document's mail (decision 223), in the recipient's language. Kept here
// rather than in mail/texts.ts because only this module writes them; texts.test.ts renders both.

export type DteTypeNumber = 33 | 39 | 61

export const DOCUMENT_NAME: Record<MailLanguage, Record<DteTypeNumber, string>> = {
  es: { 33: 'Factura electrónica', 39: 'Boleta electrónica', 61: 'Nota de crédito electrónica' },
  en: { 33: 'Electronic invoice (factura)', 39: 'Electronic receipt (boleta)', 61: 'Electronic credit note' },
}

/** The PDF's file name: the document's legal name in Spanish and its folio, the same in both languages. */
export const pdfFileName = (type: DteTypeNumber, folio: number) =>
  `${{ 33: 'factura_electronica', 39: 'boleta_electronica', 61: 'nota_de_credito' }[type]}_${folio}.pdf`

export interface DocumentMailValues {
  firstName: string
  type: DteTypeNumber
  folio: number
  issuedAt: Date
  description: string
  rut: string
  netClp: number
  ivaClp: number
  totalClp: number
  /** The original's name and folio, for a credit note. */
  corrects: { type: DteTypeNumber; folio: number } | null
  billingUrl: string
}

const body = (...lines: (string | null)[]) => [...lines.filter((l): l is string => l !== null), '', `— ${brand.name}`].join('\n')

export function documentMail(language: MailLanguage, v: DocumentMailValues): MailText {
  const name = DOCUMENT_NAME[language][v.type]
  // A boleta shows its total with IVA included (and the IVA it contains); a factura and a credit note net, IVA and total.
  const amounts =
    v.type === 39
      ? language === 'es'
        ? [`Total: ${clp(v.totalClp)} (IVA incluido: ${clp(v.ivaClp)})`]
        : [`Total: ${clp(v.totalClp)} (VAT included: ${clp(v.ivaClp)})`]
      : language === 'es'
        ? [`Neto: ${clp(v.netClp)}`, `IVA (19 %): ${clp(v.ivaClp)}`, `Total: ${clp(v.totalClp)}`]
        : [`Net: ${clp(v.netClp)}`, `VAT (IVA 19 %): ${clp(v.ivaClp)}`, `Total: ${clp(v.totalClp)}`]
  const corrects = v.corrects ? `${DOCUMENT_NAME[language][v.corrects.type]} ${language === 'es' ? 'N°' : 'No.'} ${v.corrects.folio}` : null
  if (language === 'es')
    return {
      subject: `${name} N° ${v.folio} de ${brand.name}`,
      text: body(
        `Hola ${v.firstName}:`,
        '',
        `Adjuntamos tu ${name.toLowerCase()} N° ${v.folio}, emitida el ${santiagoDate(v.issuedAt, 'es')}.`,
        '',
        `Detalle: ${v.description}`,
        corrects ? `Corrige: ${corrects}` : null,
        `RUT del receptor: ${formatRut(v.rut)}`,
        ...amounts,
        '',
        `También la encuentras en tu historial de facturación: ${v.billingUrl}`,
      ),
    }
  return {
    subject: `${name} No. ${v.folio} from ${brand.name}`,
    text: body(
      `Hello ${v.firstName},`,
      '',
      `Attached is your ${name.toLowerCase()} No. ${v.folio}, issued on ${santiagoDate(v.issuedAt, 'en')}.`,
      '',
      `Item: ${v.description}`,
      corrects ? `Corrects: ${corrects}` : null,
      `Receiver's RUT: ${formatRut(v.rut)}`,
      ...amounts,
      '',
      `It is also in your billing history: ${v.billingUrl}`,
    ),
  }
}
