import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { ADMIN_PASSWORD, E2E_ADMIN_EMAIL, setAdminPasswordOnce } from './admin-helpers'
import { latestMail, storeSession, uniqueEmail } from './support'
import { approvedTaxStartThroughApi } from './tax-start-helpers'

export { latestMail, uniqueEmail } from './support'

export interface Owner {
  email: string
  password: string
  firstName: string
  lastName: string
  businessName: string
  token: string
  refreshToken: string
  user: Record<string, unknown>
}

/** Registers a gym owner through the API. */
export async function registerOwner(request: APIRequestContext, over: Record<string, unknown> = {}): Promise<Owner> {
  const body = {
    email: uniqueEmail('owner'),
    password: 'secret123',
    firstName: 'Paula',
    lastName: 'Muñoz',
    businessName: 'Paula Fit',
    businessAddress: 'Av. Providencia 1234',
    // An owner who registered in English: the gym screens these specs read are English (decision 161).
    language: 'en',
    ...over,
  }
  const res = await request.post('/api/v1/auth/business/register', { data: body })
  expect(res.status(), await res.text()).toBe(200)
  const json = await res.json()
  return { ...body, token: json.token, refreshToken: json.refreshToken, user: json.user } as Owner
}

export const gymBody = (name = 'Paula Fit Centro') => ({
  name,
  email: 'centro@paulafit.cl',
  address: 'Av. Providencia 1234',
  city: 'Santiago',
  state: 'Región Metropolitana',
  zipCode: '7500000',
  phone: '+56 2 2345 6789',
  description: 'Weights, cardio and classes',
})

export async function createGym(request: APIRequestContext, owner: Owner, name?: string) {
  const res = await request.post('/api/v1/gyms', { data: gymBody(name), headers: { authorization: `Bearer ${owner.token}` } })
  expect(res.status(), await res.text()).toBe(201)
  return res.json() as Promise<{ id: string; name: string }>
}

export async function createTrainers(request: APIRequestContext, owner: Owner, n: number, prefix = 'Coach') {
  for (let i = 0; i < n; i++) {
    const res = await request.post('/api/v1/trainers', {
      headers: { authorization: `Bearer ${owner.token}` },
      data: {
        firstName: prefix,
        lastName: `Número ${i + 1}`,
        email: uniqueEmail('coach'),
        phone: '+56 9 1111 2222',
        specialization: ['Weight Training', 'Cardio', 'Yoga'][i % 3],
        experience: i,
      },
    })
    expect(res.status(), await res.text()).toBe(201)
  }
}

/** A gym's trainer with a login, made by a new owner of a new gym through the API, then signed in: their e-mail and session. */
export async function gymTrainerSignedIn(request: APIRequestContext, lastName: string, password: string) {
  const owner = await registerOwner(request)
  await createGym(request, owner)
  const email = uniqueEmail(lastName.toLowerCase())
  const created = await request.post('/api/v1/trainers/with-user', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { firstName: 'Tomás', lastName, email, password, phone: '+56 9 1111 2222', specialization: 'Cardio', experience: 2 },
  })
  expect(created.status(), await created.text()).toBe(201)
  const login = await request.post('/api/v1/auth/email/login', { data: { email, password } })
  expect(login.status(), await login.text()).toBe(200)
  return { owner, email, session: await login.json() }
}

/** Puts the owner's session in local storage, as a login would, and opens the dashboard. */
export async function openDashboardAs(page: Page, owner: Owner) {
  await storeSession(page, owner)
  await page.goto('/business/dashboard')
  await expect(page.getByRole('heading', { name: `Welcome, ${owner.firstName} ${owner.lastName}` })).toBeVisible()
}

/**
 * Central billing charges only for a verified owner once an operator approved it (issue 19,
 * decision 195): the owner confirms the code registration mailed, then the E2E operator approves
 * the gym through the admin API. The business's tax start is approved too (decision 235): its
 * trainers' payments are split to it.
 */
export async function approveCentralBilling(request: APIRequestContext, owner: Owner) {
  const code = (await latestMail(request, owner.email)).text.match(/\b(\d{6})\b/)![1]
  const verified = await request.post('/api/v1/auth/email/verification/confirm', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { otp: code },
  })
  expect(verified.status(), await verified.text()).toBe(200)
  await setAdminPasswordOnce(request)
  const login = await request.post('/api/v1/auth/email/login', { data: { email: E2E_ADMIN_EMAIL, password: ADMIN_PASSWORD } })
  expect(login.status(), await login.text()).toBe(200)
  const headers = { authorization: `Bearer ${(await login.json()).token}` }
  const list = await request.get(`/api/v1/admin/businesses?q=${encodeURIComponent(owner.email)}`, { headers })
  expect(list.status(), await list.text()).toBe(200)
  const id = (await list.json()).data[0].id as string
  const approved = await request.put(`/api/v1/admin/businesses/${id}/central-billing`, {
    headers,
    data: { approved: true, reason: 'E2E: contract signed' },
  })
  expect(approved.status(), await approved.text()).toBe(200)
  await approvedTaxStartThroughApi(request, 'business', owner.token, owner.businessName)
}
