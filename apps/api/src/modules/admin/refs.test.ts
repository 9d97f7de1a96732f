import { describe, expect, it } from 'vitest'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { createOffer, gymWithTrainer, invite, sandboxClient } from '../client-billing/test-helpers.ts'
import { registerOwner, submitLead, trainerWith } from './test-helpers.ts'

// Issue 23 point 7: the console shows accounts by name with a link to their page, not ids. The
// audit log, a trainer's history and a gym's history answer each row's actor and subject as a
// name and the console page that shows it (trainer → user id, gym → business id, request → lead id).
const ctx = useTestApp()

type Ref = { name: string; page: { kind: string; id: string } | null } | null
type Entry = { action: string; actorRef: Ref; subjectRef: Ref; subjectType: string | null }

describe('names and pages of what the console shows', () => {
  it('audit rows name their actor and subject; gym and trainer histories too', async () => {
    const operator = await createUserAndLogin(ctx.app, { role: 'platform_admin', firstName: 'Olivia', lastName: 'Operadora' })
    const get = (url: string) => call(ctx.app, 'GET', `/api/v1/admin${url}`, { token: operator.token })
    const audit = async (query: string) => (await get(`/audit?${query}`)).json().data as Entry[]

    // A gym's plan changed by the operator: subject = the business, actor = the operator (no page).
    const owner = await registerOwner(ctx.app, 'Norte Fit Nombres')
    const patched = await call(ctx.app, 'PATCH', `/api/v1/admin/businesses/${owner.business.id}`, {
      token: operator.token,
      body: { subscriptionPlan: 'enterprise', reason: 'contract' },
    })
    expect(patched.statusCode).toBe(200)
    const [plan] = await audit(`action=business.update&subjectId=${owner.business.id}`)
    expect(plan!.subjectRef).toEqual({ name: 'Norte Fit Nombres', page: { kind: 'gym', id: owner.business.id } })
    expect(plan!.actorRef).toEqual({ name: 'Olivia Operadora', page: null })
    const gymHistory = (await get(`/businesses/${owner.business.id}`)).json().history as Entry[]
    expect(gymHistory[0]).toMatchObject({ action: 'business.update', actorRef: { name: 'Olivia Operadora', page: null } })

    // The owner's own sign-in: the owner opens the business's page.
    const signIn = await call(ctx.app, 'POST', '/api/v1/auth/business/login', { body: { email: owner.user.email, password: 'secret1' } })
    expect(signIn.statusCode, signIn.body).toBe(200)
    const [ownerLogin] = await audit(`action=auth.login&subjectId=${owner.user.id}`)
    expect(ownerLogin!.actorRef).toEqual({ name: 'Olga Díaz', page: { kind: 'gym', id: owner.business.id } })

    // A trainer deactivated: subject = the trainer's page; the trainer's history names the operator.
    const trainer = await trainerWith(ctx.app, { status: 'active' })
    expect(
      (
        await call(ctx.app, 'POST', `/api/v1/admin/trainers/${trainer.user.id}/deactivate`, {
          token: operator.token,
          body: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(200)
    const [deactivated] = await audit(`action=user.deactivate&subjectId=${trainer.user.id}`)
    expect(deactivated!.subjectRef).toEqual({ name: 'Ana Pérez', page: { kind: 'trainer', id: trainer.user.id } })
    const history = (await get(`/trainers/${trainer.user.id}`)).json().history as (Entry & { source: string })[]
    expect(history.find((h) => h.action === 'user.deactivate')!.actorRef).toEqual({ name: 'Olivia Operadora', page: null })
    expect(history.find((h) => h.action === 'auth.login')!.actorRef).toEqual({
      name: 'Ana Pérez',
      page: { kind: 'trainer', id: trainer.user.id },
    })
    expect(history.filter((h) => h.source === 'subscription').every((h) => h.actorRef === null)).toBe(true)

    // A request moved: its page.
    const lead = await submitLead(ctx.app, { name: 'Rosa Soto', city: 'Talca' })
    expect(
      (await call(ctx.app, 'PATCH', `/api/v1/admin/leads/${lead.id}`, { token: operator.token, body: { status: 'contacted' } })).statusCode,
    ).toBe(200)
    const [moved] = await audit(`action=lead.status&subjectId=${lead.id}`)
    expect(moved!.subjectRef).toEqual({ name: 'Rosa Soto', page: { kind: 'lead', id: lead.id } })

    // A refund by a gym's trainer: the trainer's page; the payment is named by its client (no page).
    const gym = await gymWithTrainer(ctx.app)
    const offer = await createOffer(ctx.app, gym.trainer.token, { priceClp: 40_000 })
    await sandboxClient(ctx.app, gym.trainer.token, offer.id)
    const [payment] = (await call(ctx.app, 'GET', '/api/v1/trainer/payments', { token: gym.trainer.token })).json().data
    const refund = await call(ctx.app, 'POST', `/api/v1/trainer/payments/${payment.id}/refunds`, {
      token: gym.trainer.token,
      body: { amountClp: 10_000 },
    })
    expect(refund.statusCode, refund.body).toBe(200)
    const [refunded] = await audit(`action=client.refund&subjectId=${payment.id}`)
    expect(refunded!.actorRef).toEqual({ name: 'Gabriel Gym', page: { kind: 'trainer', id: gym.trainer.userId } })
    expect(refunded!.subjectRef).toEqual({ name: 'Carla Cliente', page: null })
    // An invitation is named by the address invited.
    const invited = await invite(ctx.app, gym.trainer.token, offer.id)
    const [invitation] = await audit(`action=client.invite&subjectId=${invited.invitationId}`)
    expect(invitation!.subjectRef).toEqual({ name: invited.email, page: null })

    // What is not an account (a list read, an export) has no ref; nor has the command line.
    await get('/audit/export.csv?action=lead.status')
    const [exported] = await audit(`action=admin.export&actor=${operator.user.id}`)
    expect(exported).toMatchObject({ subjectType: 'audit_log', subjectRef: null, actorRef: { name: 'Olivia Operadora' } })
    const unknown = await audit('subjectId=00000000-0000-4000-8000-000000000000')
    expect(unknown).toEqual([])
  })
})
