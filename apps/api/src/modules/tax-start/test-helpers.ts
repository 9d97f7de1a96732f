import type { AdminTaxStart } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { expect } from 'vitest'
import { call } from '../../testing/app.ts'

// Issue 27 (decision 222): what the tax-start tests share.

let counter = Math.floor(Math.random() * 1_000_000)
/** A fresh valid RUT (`12345678-5`) per call, so parallel files never collide. */
export function freshRut() {
  const body = String(30_000_000 + (++counter % 9_000_000))
  let sum = 0
  let factor = 2
  for (const digit of [...body].reverse()) {
    sum += Number(digit) * factor
    factor = factor === 7 ? 2 : factor + 1
  }
  const dv = 11 - (sum % 11)
  return `${body}-${dv === 11 ? '0' : dv === 10 ? 'K' : String(dv)}`
}

/** A small but complete PDF (header and end marker), in base64. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n').toString('base64')

/** A real PNG of a few pixels, in base64. */
export const png = async () =>
  (
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer()
  ).toString('base64')

export const startDeclaration = (over: Record<string, unknown> = {}) => ({
  kind: 'start',
  startedOn: '2025-03-01',
  activity: '931100 Actividades de gimnasios',
  proof: PDF,
  ...over,
})

/** Saves the seller's RUT (slice 1), needed before a declaration. */
export async function saveRut(app: FastifyInstance, owner: 'trainer' | 'business', token: string) {
  const body =
    owner === 'trainer' ? { rut: freshRut() } : { rut: freshRut(), legalName: 'Gimnasio Centro SpA', activity: 'Actividades de gimnasios' }
  const res = await call(app, 'PUT', `/api/v1/${owner}/tax-identity`, { token, body })
  expect(res.statusCode, res.body).toBe(200)
}

/** Declares (with a RUT) and answers the new declaration's id. */
export async function declare(app: FastifyInstance, owner: 'trainer' | 'business', token: string, over: Record<string, unknown> = {}) {
  const res = await call(app, 'POST', `/api/v1/${owner}/tax-start`, { token, body: startDeclaration(over) })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().latest.id as string
}

export async function approve(app: FastifyInstance, operatorToken: string, id: string) {
  const res = await call(app, 'POST', `/api/v1/admin/tax-starts/${id}/approve`, { token: operatorToken })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as AdminTaxStart
}
