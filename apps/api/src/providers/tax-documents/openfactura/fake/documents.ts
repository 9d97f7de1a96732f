import PDFDocument from 'pdfkit'

// What the fake OpenFactura answers with: a PDF laid out like a DTE's printed representation
// and the document's XML (the SII's element names). Not stamped: the fake has no CAF.

/** The DTE JSON as it arrives (the SII's element names); the server checks the values. */
export interface DteJson {
  Encabezado: {
    IdDoc: { TipoDTE?: number; FchEmis?: string }
    Emisor: {
      RUTEmisor?: string
      RznSoc?: string
      RznSocEmisor?: string
      GiroEmis?: string
      GiroEmisor?: string
      DirOrigen?: string
      CmnaOrigen?: string
    }
    Receptor: { RUTRecep?: string; RznSocRecep?: string; GiroRecep?: string }
    Totales: { MntNeto?: number; IVA?: number; MntTotal?: number }
  }
  Detalle: { NroLinDet: number; NmbItem: string; QtyItem: number; PrcItem: number; MontoItem: number }[]
  Referencia?: { NroLinRef: number; TpoDocRef: string; FolioRef: string; FchRef: string; CodRef: string; RazonRef?: string }[]
}

export interface FakeDocument {
  token: string
  type: number
  folio: number
  dte: DteJson
  pdf?: Buffer
  xml?: string
}

const TITLES: Record<number, string> = { 33: 'FACTURA ELECTRÓNICA', 39: 'BOLETA ELECTRÓNICA', 61: 'NOTA DE CRÉDITO ELECTRÓNICA' }
const clp = (n = 0) => `$${new Intl.NumberFormat('es-CL').format(n)}`
const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function dtePdf(doc: FakeDocument): Promise<Buffer> {
  const { Emisor: e, Receptor: r, Totales: t, IdDoc: id } = doc.dte.Encabezado
  const pdf = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `${TITLES[doc.type]} ${doc.folio}` } })
  const chunks: Buffer[] = []
  pdf.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))))
  pdf
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(e.RznSoc ?? e.RznSocEmisor ?? '')
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(`Giro: ${e.GiroEmis ?? e.GiroEmisor}`)
    .text(`${e.DirOrigen}, ${e.CmnaOrigen}`)
  pdf.moveDown().font('Helvetica-Bold').fontSize(12).text(`R.U.T.: ${e.RUTEmisor}`).text(TITLES[doc.type]).text(`N° ${doc.folio}`)
  pdf.font('Helvetica').fontSize(9).text(`Fecha de emisión: ${id.FchEmis}`).moveDown()
  pdf.text(`Receptor: ${r.RUTRecep}${r.RznSocRecep ? ` — ${r.RznSocRecep}` : ''}`)
  if (r.GiroRecep) pdf.text(`Giro: ${r.GiroRecep}`)
  pdf.moveDown()
  for (const line of doc.dte.Detalle) pdf.text(`${line.QtyItem} × ${line.NmbItem}: ${clp(line.MontoItem)}`)
  for (const ref of doc.dte.Referencia ?? [])
    pdf.text(`Referencia: documento ${ref.TpoDocRef} N° ${ref.FolioRef} del ${ref.FchRef} — ${ref.RazonRef ?? ''}`)
  pdf.moveDown()
  if (doc.type === 39) pdf.text(`Total: ${clp(t.MntTotal)}`).text(`El IVA incluido en esta boleta es de ${clp(t.IVA)}`)
  else
    pdf
      .text(`Monto neto: ${clp(t.MntNeto)}`)
      .text(`IVA (19 %): ${clp(t.IVA)}`)
      .text(`Total: ${clp(t.MntTotal)}`)
  pdf.moveDown().fontSize(8).text('Timbre Electrónico SII — documento de prueba (OpenFactura local)')
  pdf.end()
  return done
}

export function dteXml(doc: FakeDocument): string {
  const { Emisor: e, Receptor: r, Totales: t, IdDoc: id } = doc.dte.Encabezado
  const lines = doc.dte.Detalle.map(
    (l) =>
      `<Detalle><NroLinDet>${l.NroLinDet}</NroLinDet><NmbItem>${esc(l.NmbItem)}</NmbItem><QtyItem>${l.QtyItem}</QtyItem><PrcItem>${l.PrcItem}</PrcItem><MontoItem>${l.MontoItem}</MontoItem></Detalle>`,
  )
  const refs = (doc.dte.Referencia ?? []).map(
    (f) =>
      `<Referencia><NroLinRef>${f.NroLinRef}</NroLinRef><TpoDocRef>${f.TpoDocRef}</TpoDocRef><FolioRef>${f.FolioRef}</FolioRef><FchRef>${f.FchRef}</FchRef><CodRef>${f.CodRef}</CodRef></Referencia>`,
  )
  return [
    '<?xml version="1.0" encoding="ISO-8859-1"?>',
    `<DTE version="1.0"><Documento ID="F${doc.folio}T${doc.type}"><Encabezado>`,
    `<IdDoc><TipoDTE>${doc.type}</TipoDTE><Folio>${doc.folio}</Folio><FchEmis>${id.FchEmis}</FchEmis></IdDoc>`,
    `<Emisor><RUTEmisor>${esc(e.RUTEmisor)}</RUTEmisor><RznSoc>${esc(e.RznSoc ?? e.RznSocEmisor)}</RznSoc></Emisor>`,
    `<Receptor><RUTRecep>${esc(r.RUTRecep)}</RUTRecep>${r.RznSocRecep ? `<RznSocRecep>${esc(r.RznSocRecep)}</RznSocRecep>` : ''}</Receptor>`,
    `<Totales><MntNeto>${t.MntNeto}</MntNeto><IVA>${t.IVA}</IVA><MntTotal>${t.MntTotal}</MntTotal></Totales>`,
    `</Encabezado>${lines.join('')}${refs.join('')}</Documento></DTE>`,
  ].join('')
}
