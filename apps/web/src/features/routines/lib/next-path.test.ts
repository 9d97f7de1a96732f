import { describe, expect, it } from 'vitest'
import { safeNext } from './next-path'

describe('safeNext', () => {
  it('keeps the client pages and refuses anything else', () => {
    expect(safeNext('/cliente/reservas')).toBe('/cliente/reservas')
    expect(safeNext('/cliente/reservar/ana-perez?x=1')).toBe('/cliente/reservar/ana-perez?x=1')
    expect(safeNext(null)).toBe('/cliente')
    expect(safeNext('https://evil.example')).toBe('/cliente')
    expect(safeNext('//evil.example/cliente')).toBe('/cliente')
    expect(safeNext('/cliente\\@evil')).toBe('/cliente')
    expect(safeNext('/admin')).toBe('/cliente')
  })
})
