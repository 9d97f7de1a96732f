import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { chileDateTime, chileDayOf, csvFileName, csvLanguage, neutralise, sendCsv } from './csv.ts'

describe('CSV cells', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    for (const cell of ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx', '-', '=HYPERLINK("http://x")'])
      expect(neutralise(cell)).toBe(`'${cell}`)
  })
  it('leaves numbers (a negative refund amount) and ordinary text alone', () => {
    for (const cell of ['-25000', '-1.5', '25000', 'Ana', 'a=b', '']) expect(neutralise(cell)).toBe(cell)
  })
})

describe("the files' clock (decision 201)", () => {
  it("writes an instant on Chile's wall clock with its offset, summer and winter", () => {
    expect(chileDateTime(new Date('2026-11-24T00:07:00Z'))).toBe('2026-11-23T21:07:00-03:00')
    expect(chileDateTime(new Date('2026-07-01T02:00:00.789Z'))).toBe('2026-06-30T22:00:00-04:00')
    expect(chileDayOf(new Date('2026-11-24T00:07:00Z'))).toBe('2026-11-23')
    expect(chileDayOf(new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-24')
  })
  it('names a file by its parts and days, in plain ASCII', () => {
    expect(csvFileName('pagos', '2026-11-01', '2026-11-23')).toBe('pagos_2026-11-01_2026-11-23.csv')
    expect(csvFileName('registro de auditoría', '2026-11-23')).toBe('registro-de-auditor-a_2026-11-23.csv')
  })
})

describe("the reader's language (decision 201)", () => {
  it("takes the screen's es or en from Accept-Language, else the account's", () => {
    expect(csvLanguage('en', 'es')).toBe('en')
    expect(csvLanguage('es-CL', 'en')).toBe('es')
    expect(csvLanguage('en-US,en;q=0.9,es;q=0.8', 'es')).toBe('en')
    expect(csvLanguage('fr-FR,es;q=0.5,en;q=0.7', 'es')).toBe('en')
    expect(csvLanguage('es;q=0, en;q=0.1', 'es')).toBe('en')
    expect(csvLanguage('fr-FR,de', 'en')).toBe('en')
    expect(csvLanguage('*', 'es')).toBe('es')
    expect(csvLanguage(undefined, 'en')).toBe('en')
    expect(csvLanguage('', 'es')).toBe('es')
  })
})

describe('sendCsv', () => {
  it('streams a BOM, the headers in the language asked, dates in Chile and formula-safe quoted cells', async () => {
    const app = Fastify()
    const columns = [
      { key: 'at', es: 'Fecha', en: 'Date' },
      { key: 'text', es: 'Texto', en: 'Text' },
      { key: 'amount', es: 'Importe (CLP)', en: 'Amount (CLP)' },
    ] as const
    app.get('/:language', (request, reply) => {
      const language = (request.params as { language: 'es' | 'en' }).language
      async function* rows() {
        yield { at: new Date('2026-11-24T00:07:00Z'), text: '=1+1', amount: -25_000 }
        yield { at: null, text: 'Ana "la" Pérez', amount: 0 }
      }
      return sendCsv(reply, csvFileName('x', '2026-11-23'), { columns, language, rows: rows() })
    })
    const es = await app.inject({ method: 'GET', url: '/es' })
    expect(es.headers['content-disposition']).toBe('attachment; filename="x_2026-11-23.csv"')
    expect(es.body).toBe('\uFEFF"Fecha","Texto","Importe (CLP)"\n"2026-11-23T21:07:00-03:00","\'=1+1","-25000"\n,"Ana ""la"" Pérez","0"\n')
    expect((await app.inject({ method: 'GET', url: '/en' })).body.split('\n')[0]).toBe('\uFEFF"Date","Text","Amount (CLP)"')
    await app.close()
  })
})
