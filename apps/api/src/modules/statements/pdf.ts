import { formatRut, type AccountLanguage, type Statement } from '@app/contracts'
import { formatClp } from '@app/contracts/format-clp'
import PDFDocument from 'pdfkit'
import { brand } from '../../brand.ts'
import { PDF_TEXT, LINE_KIND, monthName } from './texts.ts'

// The statement as a PDF (decision 225): pdfkit with its standard Helvetica (WinAnsi covers
// Spanish), A4 landscape so that a line of eight columns fits, the table's header repeated on
// every page, the totals and the note after the lines, "Page n of m" on each page.

const TIME_ZONE = 'America/Santiago'
const MARGIN = 40
const ROW = 14
const SIZE = 8.5

/** Pesos as in Chile (es-CL, `$12.345`), a negative one `-$1.500`, in both languages (brief of issue 27). */
const clp = (pesos: number) => `${pesos < 0 ? '-' : ''}${formatClp(Math.abs(pesos), 'es')}`

const dayText = (day: string, language: AccountLanguage) => (language === 'es' ? day.split('-').reverse().join('-') : day)

interface Column {
  title: string
  width: number
  money: boolean
  value: (line: Statement['lines'][number]) => string
}

export function statementPdf(statement: Statement, language: AccountLanguage, now = new Date()): Promise<Buffer> {
  const w = PDF_TEXT[language]
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${w.title} ${statement.month}`, Author: brand.name, Subject: statement.account.name },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  const width = doc.page.width - 2 * MARGIN
  const showGym = statement.audience === 'gym' || statement.lines.some((l) => l.gymShareClp !== 0) || statement.totals.gymShareClp !== 0
  const money = (title: string, value: Column['value']): Column => ({ title, width: 80, money: true, value })
  const moneyColumns = [
    money(w.columns.gross, (l) => clp(l.grossClp)),
    money(w.columns.platform, (l) => clp(l.platformFeeClp)),
    ...(showGym ? [money(w.columns.gym, (l) => clp(l.gymShareClp))] : []),
    money(w.columns.trainerShare, (l) => clp(l.trainerShareClp)),
  ]
  const fixed: Column[] = [
    { title: w.columns.day, width: 58, money: false, value: (l) => dayText(l.day, language) },
    { title: w.columns.kind, width: 66, money: false, value: (l) => LINE_KIND[language][l.kind] },
  ]
  const free = width - [...fixed, ...moneyColumns].reduce((s, c) => s + c.width, 0)
  // A client who gave their details for a factura (decision 237): RUT and razón social, then giro, under the name.
  const clientCell: Column['value'] = (l) => {
    const name = `${l.clientName} · ${l.offerTitle}`
    const tax = l.clientTaxIdentity
    return tax ? `${name}\n${w.rut} ${formatRut(tax.rut)} · ${tax.legalName}\n${w.activity}: ${tax.activity}` : name
  }
  const textColumns: Column[] =
    statement.audience === 'gym'
      ? [
          { title: w.columns.client, width: Math.floor(free * 0.6), money: false, value: clientCell },
          { title: w.columns.trainer, width: free - Math.floor(free * 0.6), money: false, value: (l) => l.trainerName },
        ]
      : [{ title: w.columns.client, width: free, money: false, value: clientCell }]
  const columns = [...fixed, ...textColumns, ...moneyColumns]

  const bottom = () => doc.page.height - MARGIN - 20
  /** One row of cells, `lines` high; each line of a cell is cut with an ellipsis, a header's may take two lines. */
  const row = (cells: string[], header: boolean, lines = header ? 2 : 1) => {
    const height = lines * ROW
    doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(SIZE)
    const y = doc.y
    let x = MARGIN
    columns.forEach((c, i) => {
      // A line's cell: each of its own lines on one row (a long name never pushes the next out).
      const parts = header ? [cells[i]] : cells[i].split('\n')
      const partHeight = header ? height : ROW
      parts.forEach((part, k) =>
        doc.text(part, x + 2, y + 3 + k * ROW, {
          width: c.width - 4,
          height: partHeight - 3,
          ellipsis: true,
          align: c.money ? 'right' : 'left',
        }),
      )
      x += c.width
    })
    doc.x = MARGIN
    doc.y = y + height
  }
  const header = () => {
    doc
      .rect(MARGIN, doc.y, width, 2 * ROW)
      .fill('#eeeeee')
      .fillColor('black')
    row(
      columns.map((c) => c.title),
      true,
    )
  }

  // The heading: whose statement, which month, on which clock.
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(`${w.title} · ${monthName(statement.month, language)}`)
  doc.moveDown(0.3)
  doc.font('Helvetica-Bold').fontSize(11).text(statement.account.name)
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(statement.account.rut ? `${w.rut} ${formatRut(statement.account.rut)}` : w.noRut)
  const [y, m] = statement.month.split('-').map(Number)
  const last = `${statement.month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`
  doc.text(w.period(monthName(statement.month, language), dayText(`${statement.month}-01`, language), dayText(last, language)))
  const issued = new Intl.DateTimeFormat(language === 'es' ? 'es-CL' : 'en', { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE })
  doc.text(w.generated(issued.format(now)))
  if (statement.partial) doc.font('Helvetica-Bold').text(w.partial)
  doc.moveDown(0.8)

  // The lines, the table's header again on every new page.
  if (statement.lines.length === 0) doc.font('Helvetica').fontSize(10).text(w.empty)
  else {
    header()
    for (const line of statement.lines) {
      const lines = line.clientTaxIdentity ? 3 : 1
      if (doc.y + lines * ROW > bottom()) {
        doc.addPage()
        header()
      }
      row(
        columns.map((c) => c.value(line)),
        false,
        lines,
      )
    }
  }

  // The totals: the income and commissions screens' figures for the month.
  const t = statement.totals
  const totals: [string, string][] = [
    [w.payments, String(t.payments)],
    [w.gross, clp(t.grossClp)],
    [w.refunded, clp(-t.refundedClp)],
    [w.net, clp(t.grossClp - t.refundedClp)],
    [w.platform, clp(t.platformFeeClp)],
    ...(showGym ? ([[w.gym, clp(t.gymShareClp)]] as [string, string][]) : []),
    [w.trainerShare, clp(t.trainerShareClp)],
  ]
  if (doc.y + (totals.length + 2) * ROW > bottom()) doc.addPage()
  doc.x = MARGIN
  doc.moveDown(1)
  doc.font('Helvetica-Bold').fontSize(11).text(w.totals)
  doc.moveDown(0.3)
  for (const [label, value] of totals) {
    const top = doc.y
    doc.font('Helvetica').fontSize(10).text(label, MARGIN, top, { width: 220 })
    doc.font('Helvetica-Bold').text(value, MARGIN + 220, top, { width: 120, align: 'right' })
    doc.x = MARGIN
  }
  doc.moveDown(1)
  doc.font('Helvetica').fontSize(9).text(w.note[statement.audience], MARGIN, doc.y, { width })
  doc.moveDown(0.4)
  doc.text(w.fees, { width })

  // "Page n of m" below the bottom margin, where no text of the body goes.
  const pages = doc.bufferedPageRange()
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i)
    const keep = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(w.page(i + 1, pages.count), MARGIN, doc.page.height - MARGIN, { width, align: 'right', lineBreak: false })
    doc.page.margins.bottom = keep
  }
  doc.end()
  return done
}
