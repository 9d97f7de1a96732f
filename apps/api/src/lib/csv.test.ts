import Fastify from 'fastify'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { stringify } from 'csv-stringify/sync'
import { chileDateTime, chileDayOf, csvChunks, csvFileName, csvLanguage, neutralise, sendCsv } from './csv.ts'

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
  it("the hand-built time says what luxon says, across Chile's clock changes and a century either way (issue 30)", () => {
    const luxon = (at: Date) =>
      DateTime.fromJSDate(at, { zone: 'America/Santiago' }).startOf('second').toISO({ suppressMilliseconds: true, includeOffset: true })
    const instants = [Date.parse('2026-04-04T23:00:00Z'), Date.parse('2026-09-05T23:00:00Z'), Date.parse('2027-04-03T23:00:00Z')].flatMap(
      (start) => Array.from({ length: 400 }, (_, i) => start + i * 61_037),
    )
    let seed = 7
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    for (let i = 0; i < 3000; i++) instants.push(Math.floor(Date.parse('1890-01-01T00:00:00Z') + random() * 6.3e12))
    for (const ms of instants) expect(chileDateTime(new Date(ms)), new Date(ms).toISOString()).toBe(luxon(new Date(ms)))
  })
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

describe('the hand-written CSV (issue 30)', () => {
  it('writes the bytes csv-stringify wrote with the options the house used', async () => {
    const columns = ['a', 'b', 'c', 'd'].map((key) => ({ key, es: `Col "${key}"`, en: key }))
    const values = [null, undefined, '', 'Ana', 'a "b" c', '=1+1', '-', '-25000', 'x\ny', 'coma, y', 0, -25_000, 1.5, 12n, true, false]
    const more = [new Date('2026-04-05T02:30:00Z'), new Date('2026-09-06T04:00:00Z'), { at: 'x' }, ['y']]
    const all = [...values, ...more]
    const rows = Array.from({ length: 400 }, (_, i) => ({
      a: all[i % all.length],
      b: all[(i * 7) % all.length],
      c: all[(i * 13) % all.length],
      d: i,
    }))
    let written = ''
    for await (const chunk of csvChunks({ columns, language: 'es', rows })) written += chunk
    const reference = stringify(rows, {
      header: true,
      columns: columns.map((c) => ({ key: c.key, header: c.es })),
      quoted: true,
      bom: true,
      cast: { string: neutralise, date: chileDateTime, boolean: (b) => (b ? 'true' : 'false') },
    })
    expect(written).toBe(reference)
  })
})
