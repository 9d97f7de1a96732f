import { describe, expect, it } from 'vitest'
import { documentMail, pdfFileName, type DocumentMailValues } from './texts.ts'

const base: DocumentMailValues = {
  firstName: 'Ana',
  type: 39,
  folio: 1042,
  issuedAt: new Date('2026-11-23T15:00:00Z'),
  description: 'Suscripción plan Starter, noviembre de 2026',
  rut: '12345678-5',
  netClp: 16_798,
  ivaClp: 3_192,
  totalClp: 19_990,
  corrects: null,
  billingUrl: 'https://app.example.cl/cuenta',
}

describe('the tax document mail (decision 223)', () => {
  it('a boleta: total with IVA included, in Spanish and English, Chile dates and pesos', () => {
    const es = documentMail('es', base)
    expect(es.subject).toBe('Boleta electrónica N° 1042 de Entrenapp')
    expect(es.text).toContain('emitida el 23 de noviembre de 2026')
    expect(es.text).toContain('Total: $19.990 (IVA incluido: $3.192)')
    expect(es.text).toContain('RUT del receptor: 12.345.678-5')
    expect(es.text).not.toContain('Neto')
    const en = documentMail('en', base)
    expect(en.subject).toBe('Electronic receipt (boleta) No. 1042 from Entrenapp')
    expect(en.text).toContain('issued on 23 November 2026')
    expect(en.text).toContain('Total: $19.990 (VAT included: $3.192)')
    expect(en.text).toContain('https://app.example.cl/cuenta')
  })

  it('a factura and a credit note: net, IVA and total; the note names what it corrects', () => {
    const factura = documentMail('es', { ...base, type: 33 })
    expect(factura.text).toContain('Neto: $16.798\nIVA (19 %): $3.192\nTotal: $19.990')
    const note = documentMail('en', { ...base, type: 61, corrects: { type: 39, folio: 7 } })
    expect(note.subject).toBe('Electronic credit note No. 1042 from Entrenapp')
    expect(note.text).toContain('Corrects: Electronic receipt (boleta) No. 7')
    expect(note.text).toContain('Net: $16.798')
  })

  it('names the PDF by the document’s legal name and folio', () => {
    expect([pdfFileName(39, 1), pdfFileName(33, 2), pdfFileName(61, 3)]).toEqual([
      'boleta_electronica_1.pdf',
      'factura_electronica_2.pdf',
      'nota_de_credito_3.pdf',
    ])
  })
})
