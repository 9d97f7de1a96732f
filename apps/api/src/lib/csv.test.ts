import { describe, expect, it } from 'vitest'
import { neutralise } from './csv.ts'

describe('CSV cells', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    for (const cell of ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx', '-', '=HYPERLINK("http://x")'])
      expect(neutralise(cell)).toBe(`'${cell}`)
  })
  it('leaves numbers (a negative refund amount) and ordinary text alone', () => {
    for (const cell of ['-25000', '-1.5', '25000', 'Ana', 'a=b', '']) expect(neutralise(cell)).toBe(cell)
  })
})
