// Issue 27 (decisions 222, 235): the server checks sellers' tax start in the E2E run as in
// production, so a trainer or gym that charges clients gets an approved one first, through the API
// as the seller and an operator would (the screens themselves are tax-start.spec.ts's).
import { rutOfBody } from '@app/contracts/tax-identity'
import { expect, type APIRequestContext } from '@playwright/test'
import { ADMIN_PASSWORD, E2E_ADMIN_EMAIL, serverPort, setAdminPasswordOnce } from './admin-helpers'

/** A valid RUT no other run has (random body, computed check digit): plain, with dots, and the body alone. */
export function freshRut() {
  const body = String(30_000_000 + Math.floor(Math.random() * 19_000_000))
  const plain = rutOfBody(body)
  const check = plain.slice(-1)
  return { plain, dotted: `${body.slice(0, 2)}.${body.slice(2, 5)}.${body.slice(5)}-${check}`, body }
}

/** A small but complete PDF (header and end marker): the proof the API accepts. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

/**
 * Gives a seller an approved tax start: their RUT saved when missing (`trainer` with the trainer's
 * token, `business` with the gym owner's and `legalName`, its razón social), a declaration with a
 * PDF proof, and the E2E operator's approval in the console's API.
 */
export async function approvedTaxStartThroughApi(
  request: APIRequestContext,
  kind: 'trainer' | 'business',
  token: string,
  legalName = 'Gimnasio E2E SpA',
) {
  const seller = { authorization: `Bearer ${token}` }
  const identity = await request.get(`/api/v1/${kind}/tax-identity`, { headers: seller })
  expect(identity.status(), await identity.text()).toBe(200)
  if (!(await identity.json()).rut) {
    const rut = freshRut().plain
    const data = kind === 'trainer' ? { rut } : { rut, legalName, activity: 'Actividades de gimnasios' }
    const saved = await request.put(`/api/v1/${kind}/tax-identity`, { headers: seller, data })
    expect(saved.status(), await saved.text()).toBe(200)
  }
  const declared = await request.post(`/api/v1/${kind}/tax-start`, {
    headers: seller,
    data: { kind: 'start', startedOn: '2025-03-01', activity: '931100 Actividades de gimnasios', proof: PDF.toString('base64') },
  })
  expect(declared.status(), await declared.text()).toBe(201)
  const approve = async () =>
    request.post(`/api/v1/admin/tax-starts/${(await declared.json()).latest.id}/approve`, {
      headers: { authorization: `Bearer ${await operatorToken(request)}` },
    })
  let approved = await approve()
  if (approved.status() === 401) {
    // The worker's operator session ended (its token expired): sign in again once.
    operatorSessions.delete(serverPort())
    approved = await approve()
  }
  expect(approved.status(), await approved.text()).toBe(200)
}

/** The E2E operator's token per server, signed in once per worker: each sign-in costs a password hash on a busy server. */
const operatorSessions = new Map<number, string>()
async function operatorToken(request: APIRequestContext) {
  const port = serverPort()
  const known = operatorSessions.get(port)
  if (known) return known
  await setAdminPasswordOnce(request)
  const login = await request.post('/api/v1/auth/email/login', { data: { email: E2E_ADMIN_EMAIL, password: ADMIN_PASSWORD } })
  expect(login.status(), await login.text()).toBe(200)
  const token = (await login.json()).token as string
  operatorSessions.set(port, token)
  return token
}
