import {
  BusinessTaxIdentityInputSchema,
  rutOfBody,
  TaxStartSubmissionSchema,
  TrainerTaxIdentityInputSchema,
  type AdminTaxStart,
} from '@app/contracts'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { expect } from 'vitest'
import { businesses, users } from '../../db/schema.ts'
import { call, uniqueEmail } from '../../testing/app.ts'
import type { Operator } from '../admin/actor.ts'
import { saveBusinessTaxIdentity, saveTrainerTaxIdentity } from '../tax-identity/service.ts'
import { insertUser } from '../users/service.ts'
import { answerTaxStart } from './review.ts'
import { sellerOf, submitTaxStart, type SellerKind } from './service.ts'

// Issue 27 (decision 222): what the tax-start tests share.

let counter = Math.floor(Math.random() * 1_000_000)
/** A fresh valid RUT (`12345678-5`) per call, so parallel files never collide. */
export function freshRut() {
  return rutOfBody(String(30_000_000 + (++counter % 9_000_000)))
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

/** One operator per app, made once: the reviewer of the approvals below. */
const operators = new WeakMap<FastifyInstance, Promise<Operator>>()
function operatorOf(app: FastifyInstance) {
  let operator = operators.get(app)
  if (!operator) {
    operator = insertUser(app.db, {
      email: uniqueEmail('tax-operator'),
      password: 'Secret123!',
      firstName: 'Olivia',
      lastName: 'Operadora',
      role: 'platform_admin',
    }).then((user) => ({ actor: { id: user!.id, email: user!.email, role: user!.role }, ip: '127.0.0.1' }))
    operators.set(app, operator)
  }
  return operator
}

/**
 * Decision 235: a seller able to charge has an approved tax start, given as a real one gets it —
 * the RUT saved when missing, a declaration sent, an operator's approval — through the services
 * the routes call (audited and mailed like any other). `userId` is the trainer's account, or the
 * gym owner's for their business. Answers the declaration's id.
 */
export async function approvedTaxStart(app: FastifyInstance, kind: SellerKind, userId: string) {
  const [user] = await app.db.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, userId))
  const by = { user: user!, ip: '127.0.0.1' }
  const seller = await sellerOf(app.db, kind, userId)
  if (!seller.rut && kind === 'trainer') await saveTrainerTaxIdentity(app.db, by, TrainerTaxIdentityInputSchema.parse({ rut: freshRut() }))
  if (!seller.rut && kind === 'business') {
    // Its razón social is the name it registered with, so screens that show either read the same.
    const [{ name }] = await app.db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, seller.id))
    const identity = { rut: freshRut(), legalName: name, activity: 'Actividades de gimnasios' }
    await saveBusinessTaxIdentity(app.db, by, BusinessTaxIdentityInputSchema.parse(identity))
  }
  const status = await submitTaxStart(app, by, kind, TaxStartSubmissionSchema.parse(startDeclaration()))
  const id = status.latest!.id
  await answerTaxStart(app, await operatorOf(app), id, { status: 'approved' })
  return id
}
