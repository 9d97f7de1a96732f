import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { freshIp } from './app.ts'

/** The lines and cells of a CSV the writer made (every cell quoted or empty; a doubled quote is a quote). */
export function parseCsv(csv: string): string[][] {
  const lines: string[][] = []
  let line: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',' || c === '\n') {
      line.push(cell)
      cell = ''
      if (c === '\n') {
        lines.push(line)
        line = []
      }
    } else cell += c
  }
  if (cell || line.length) lines.push([...line, cell])
  return lines
}

export interface CsvFile {
  /** From Content-Disposition. */
  filename: string | undefined
  header: string[]
  rows: string[][]
  body: string
}

/**
 * A CSV export as the web downloads it: the bearer token and, when given, the screen's language in
 * Accept-Language. Checks the answer is a UTF-8 CSV with a BOM.
 */
export async function downloadCsv(app: FastifyInstance, url: string, token: string, language?: string): Promise<CsvFile> {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, ...(language ? { 'accept-language': language } : {}) },
    remoteAddress: freshIp(),
  })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
  expect(res.body.startsWith('\uFEFF')).toBe(true)
  const [header, ...rows] = parseCsv(res.body.slice(1))
  const filename = /^attachment; filename="([^"]+)"$/.exec(String(res.headers['content-disposition']))?.[1]
  return { filename, header, rows, body: res.body }
}

/** The cells of one column, by its header. */
export function csvColumn(file: Pick<CsvFile, 'header' | 'rows'>, name: string): string[] {
  const i = file.header.indexOf(name)
  expect(i, `${name} in ${file.header.join(', ')}`).toBeGreaterThanOrEqual(0)
  return file.rows.map((r) => r[i])
}
