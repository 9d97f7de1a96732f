// Issue 25 end to end: the trainer's view of clients (decision 220). A client logs a session with a
// comment and weighs in (through the API); another never trains. The trainer sees both in the list,
// the 7-day flag on the second, opens the first, reads the comment and answers it, and sees the
// charts and the photo the client shares. Once in Spanish and once in English. A gym owner sees
// their trainer's client's adherence, and nothing else, in English.
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test'
import { approveCentralBilling, createGym, registerOwner } from './business-helpers'
import { expectAccessible, screenshot, uniqueEmail } from './support'
import { approvedTaxStartThroughApi } from './tax-start-helpers'
import { payingClientThroughApi, storeSession, trainerThroughApi, type Session } from './trainer-helpers'

const santiagoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Santiago' })

async function ok<T>(response: APIResponse, status = 200): Promise<T> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status)
  return (await response.json()) as T
}

// A 30×40 PNG (red over blue): the API re-encodes it as WebP without metadata.
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAB4AAAAoCAIAAABmcd1FAAAALklEQVR4nO3MsQkAAAgDsB7m/3iWVzgUApmTnXkStVqtVqsr67d51Wq1Wq2urA+PLtxM6nh1YwAAAABJRU5ErkJggg==',
  'base64',
)

/** A one-week program from today (day 1 = today), the bench press and a squat, assigned to both clients. */
async function assignProgram(request: APIRequestContext, trainer: Session, clientIds: string[]) {
  const auth = { authorization: `Bearer ${trainer.token}` }
  const search = async (q: string) =>
    (
      await ok<{ data: { id: string; nameEs: string }[] }>(
        await request.get(`/api/v1/exercises?q=${encodeURIComponent(q)}`, { headers: auth }),
      )
    ).data.find((e) => e.nameEs === q)!.id
  const [bench, squat] = [await search('Press banca con barra'), await search('Sentadilla búlgara')]
  const program = await ok<{ id: string }>(
    await request.post('/api/v1/trainer/programs', {
      headers: auth,
      data: {
        title: 'Fuerza base',
        content: {
          weeks: [
            {
              days: [
                {
                  day: 1,
                  title: 'Empuje y piernas',
                  items: [
                    { exerciseId: bench, sets: 2, reps: { min: 8, max: 8 }, load: { kind: 'kg', value: 40 } },
                    { exerciseId: squat, sets: 1, reps: { min: 10, max: 10 }, load: null },
                  ],
                },
                { day: 4, title: 'Tirón', items: [{ exerciseId: squat, sets: 3, reps: { min: 8, max: 10 }, load: null }] },
              ],
            },
          ],
        },
      },
    }),
    201,
  )
  const assigned = await ok<{ data: { id: string; clientUserId: string }[] }>(
    await request.post(`/api/v1/trainer/programs/${program.id}/assignments`, {
      headers: auth,
      data: { clientUserIds: clientIds, startDate: santiagoDay(0) },
    }),
    201,
  )
  return new Map(assigned.data.map((a) => [a.clientUserId, a.id]))
}

/** Today's session: two bench sets and a squat set, done with a comment; three weigh-ins and a photo, with consent. */
async function trainToday(request: APIRequestContext, client: Session, assignmentId: string, comment: string) {
  const auth = { authorization: `Bearer ${client.token}` }
  const sets = [
    { itemKey: 'w1d1e1', setNumber: 1, reps: 8, loadKg: 40 },
    { itemKey: 'w1d1e1', setNumber: 2, reps: 8, loadKg: 42.5 },
    { itemKey: 'w1d1e2', setNumber: 1, reps: 10, loadKg: null },
  ]
  for (const set of sets)
    await ok(
      await request.post('/api/v1/client/set-logs', {
        headers: auth,
        data: { idempotencyKey: `e2e-tc-${assignmentId}-${set.itemKey}-${set.setNumber}`, assignmentId, week: 1, day: 1, ...set },
      }),
      201,
    )
  await ok(await request.post('/api/v1/client/workouts/done', { headers: auth, data: { assignmentId, week: 1, day: 1, comment } }))
  const { currentVersion } = await ok<{ currentVersion: string }>(await request.get('/api/v1/client/health-consent', { headers: auth }))
  await ok(
    await request.post('/api/v1/client/health-consent', {
      headers: auth,
      data: { version: currentVersion, language: 'es', screen: 'e2e-trainer-clients' },
    }),
    201,
  )
  for (const [offset, weightKg] of [
    [-14, 74.2],
    [-7, 73.6],
    [0, 72.9],
  ] as const)
    await ok(
      await request.put(`/api/v1/client/measurements/${santiagoDay(offset)}`, { headers: auth, data: { weightKg, waistCm: 81.5 } }),
      201,
    )
  await ok(
    await request.post('/api/v1/client/progress-photos?pose=front', {
      headers: { ...auth, 'content-type': 'image/png' },
      data: PHOTO,
    }),
    201,
  )
}

const TEXTS = {
  es: {
    card: 'Ver mis clientes',
    title: 'Mis clientes',
    flag: 'Sin entrenar hace 7 días',
    onTrack: 'Al día',
    today: 'hoy',
    never: 'Nunca',
    filterInactive: 'Sin entrenar 7 días (1)',
    filterAll: 'Todos (2)',
    sort: 'Ordenar por',
    open: (n: string) => `Ver a ${n}`,
    comment: 'Me costó la última serie de banca, ¿subo igual la próxima?',
    commentFrom: (n: string) => `Comentario de ${n}`,
    replyLabel: (n: string) => `Responder a ${n}`,
    reply: 'Sí, sube 2,5 kg y mantén la técnica.',
    send: 'Enviar respuesta',
    sent: 'Respuesta enviada',
    yourReply: 'Tu respuesta',
    editReply: 'Editar respuesta',
    sets: '8 × 40 kg · 8 × 42,5 kg',
    program: 'Programa asignado',
    adherence: 'Adherencia por semana',
    weight: 'Peso corporal',
    weightChange: /De 74,2 kg a 72,9 kg \(−1,3 kg\)/,
    photo: /Abrir foto de Frente del/,
    records: 'Marcas personales',
    noConsent: /no ha autorizado compartir sus medidas ni fotos/,
  },
  en: {
    card: 'See my clients',
    title: 'My clients',
    flag: 'Not trained in 7 days',
    onTrack: 'On track',
    today: 'today',
    never: 'Never',
    filterInactive: 'Not trained in 7 days (1)',
    filterAll: 'All (2)',
    sort: 'Sort by',
    open: (n: string) => `See ${n}`,
    comment: 'The last bench set was hard, should I still go up next time?',
    commentFrom: (n: string) => `Comment from ${n}`,
    replyLabel: (n: string) => `Reply to ${n}`,
    reply: 'Yes, add 2.5 kg and keep your form.',
    send: 'Send reply',
    sent: 'Reply sent',
    yourReply: 'Your reply',
    editReply: 'Edit reply',
    sets: '8 × 40 kg · 8 × 42.5 kg',
    program: 'Assigned program',
    adherence: 'Adherence per week',
    weight: 'Body weight',
    weightChange: /From 74.2 kg to 72.9 kg \(−1.3 kg\)/,
    photo: /Open Front photo of/,
    records: 'Personal records',
    noConsent: /has not agreed to share measurements or photos/,
  },
} as const

for (const lang of ['es', 'en'] as const) {
  const x = TEXTS[lang]
  test(`a trainer sees who trained and who did not in 7 days, answers a comment and sees the charts (${lang})`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000)
    const trainer = await trainerThroughApi(request)
    const active = await payingClientThroughApi(request, trainer, { firstName: 'Carla', lastName: 'Soto' })
    const idle = await payingClientThroughApi(request, trainer, { firstName: 'Diego', lastName: 'Pérez' })
    const assignments = await assignProgram(request, trainer, [active.user.id, idle.user.id])
    await trainToday(request, active, assignments.get(active.user.id)!, x.comment)
    await storeSession(page, trainer)
    await page.evaluate((language) => localStorage.setItem('language', language), lang)

    // The dashboard's card leads to the list: Diego flagged (never trained), Carla on track today.
    await page.goto('/dashboard')
    await page.getByRole('link', { name: x.card }).click()
    await expect(page).toHaveURL(/\/dashboard\/clientes$/)
    await expect(page.getByRole('heading', { level: 1, name: x.title })).toBeVisible({ timeout: 30_000 })
    const rows = page.getByTestId('client-row')
    await expect(rows).toHaveCount(2)
    // Flagged clients come first.
    await expect(rows.nth(0)).toContainText('Diego Pérez')
    await expect(rows.nth(0)).toContainText(x.flag)
    await expect(rows.nth(0)).toContainText(x.never)
    await expect(rows.nth(1)).toContainText('Carla Soto')
    await expect(rows.nth(1)).toContainText(x.onTrack)
    await expect(rows.nth(1)).toContainText(x.today)
    await expectAccessible(page, `client list (${lang})`)
    await screenshot(page, testInfo, `client-list-${lang}`)

    // The flag filters the list (and stays in the address).
    await page.getByRole('button', { name: x.filterInactive }).click()
    await expect(page).toHaveURL(/filtro=inactivos/)
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('Diego Pérez')
    await page.getByRole('button', { name: x.filterAll }).click()
    await expect(rows).toHaveCount(2)
    await page.getByLabel(x.sort).selectOption('name')
    await expect(rows.nth(0)).toContainText('Carla Soto')

    // Carla's page: the sets and loads, her comment, answered inline.
    await page.getByRole('link', { name: x.open('Carla Soto') }).click()
    await expect(page).toHaveURL(new RegExp(`/dashboard/clientes/${active.user.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Carla Soto' })).toBeVisible()
    const session = page.getByTestId('session').first()
    await expect(session).toContainText(x.sets)
    await expect(session.getByText(x.commentFrom('Carla Soto'))).toBeVisible()
    await expect(session.getByText(x.comment)).toBeVisible()
    await expect(page.getByRole('heading', { name: x.program })).toBeVisible()
    await expect(page.getByRole('link', { name: /Fuerza base/ })).toBeVisible()
    await expect(page.getByRole('heading', { name: x.records })).toBeVisible()
    await expect(page.getByRole('figure', { name: x.adherence })).toBeVisible()
    await expect(page.getByRole('figure', { name: x.weight })).toBeVisible()
    await expect(page.getByText(x.weightChange)).toBeVisible()
    await expect(page.getByRole('figure', { name: x.weight }).locator('path.trend-line')).toBeVisible()
    // The photo through its short-lived link.
    const photo = page.getByRole('link', { name: x.photo })
    await expect(photo).toBeVisible()
    await expect.poll(() => photo.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    expect(await photo.getAttribute('href')).toMatch(/\/api\/v1\/progress-photos\/[0-9a-f-]{36}\/image\?size=full&expires=\d+&sig=/)
    await expectAccessible(page, `client page (${lang})`)
    await screenshot(page, testInfo, `client-page-${lang}`)

    await session.getByLabel(x.replyLabel('Carla Soto')).fill(x.reply)
    await session.getByRole('button', { name: x.send }).click()
    await expect(page.getByText(x.sent)).toBeVisible()
    await expect(session.getByText(x.yourReply)).toBeVisible()
    await expect(session.getByText(x.reply)).toBeVisible()
    // Focus lands on what replaced the form, not on the page.
    await expect(session.getByRole('button', { name: x.editReply })).toBeFocused()
    // The client reads it in their session.
    const workouts = await ok<{ data: { comment: string; trainerReply: string }[] }>(
      await request.get(`/api/v1/trainer/clients/${active.user.id}/workouts`, { headers: { authorization: `Bearer ${trainer.token}` } }),
    )
    expect(workouts.data[0]).toMatchObject({ comment: x.comment, trainerReply: x.reply })
    await expectAccessible(page, `client page answered (${lang})`)
    await screenshot(page, testInfo, `client-page-answered-${lang}`, false)

    // Diego shares nothing: adherence only, measurements and photos are not his trainer's to see.
    await page.goto(`/dashboard/clientes/${idle.user.id}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Diego Pérez' })).toBeVisible()
    await expect(page.getByText(x.noConsent)).toBeVisible()
    await expect(page.getByRole('figure', { name: x.adherence })).toBeVisible()
    await expect(page.getByRole('figure', { name: x.weight })).toHaveCount(0)
    await expectAccessible(page, `client without consent (${lang})`)

    // On a phone the page does not scroll sideways (the list's table scrolls inside its card).
    await page.setViewportSize({ width: 375, height: 800 })
    for (const path of ['/dashboard/clientes', `/dashboard/clientes/${active.user.id}`]) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByText(x.flag).or(page.getByText(x.comment)).first()).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
      await expectAccessible(page, `${path} at 375 px (${lang})`)
    }
    await screenshot(page, testInfo, `client-page-375-${lang}`)
  })
}

test('a gym owner sees how their trainers’ clients keep up: adherence only, in English', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000)
  const owner = await registerOwner(request)
  await createGym(request, owner)
  // The gym's plan covers its trainers' charging (central billing, approved by an operator).
  await approveCentralBilling(request, owner)
  const created = await request.post('/api/v1/trainers/with-user', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      firstName: 'Tomás',
      lastName: 'Vera',
      email: uniqueEmail('coach'),
      phone: '+56 9 1111 2222',
      specialization: 'Cardio',
      experience: 3,
    },
  })
  const { email, generatedPassword } = await ok<{ email: string; generatedPassword: string }>(created, 201)
  const coach = await ok<Session>(await request.post('/api/v1/auth/email/login', { data: { email, password: generatedPassword } }))
  // The gym's trainer finishes payout onboarding (the sandbox's) and has their tax start approved, then a paying client who trains.
  const auth = { authorization: `Bearer ${coach.token}` }
  const setup = await ok<{ onboardingUrl: string }>(
    await request.post('/api/v1/connect/onboarding/setup', { headers: auth, data: { userId: coach.user.id, email, country: 'CL' } }),
  )
  expect((await request.post(`${new URL(setup.onboardingUrl).pathname}/complete`, { maxRedirects: 0 })).status()).toBe(303)
  await approvedTaxStartThroughApi(request, 'trainer', coach.token)
  const client = await payingClientThroughApi(request, coach, { firstName: 'Carla', lastName: 'Soto' })
  const assignments = await assignProgram(request, coach, [client.user.id])
  await trainToday(request, client, assignments.get(client.user.id)!, 'Bien')

  // The API gives the owner names and weeks only.
  const answer = await ok<{ data: Record<string, unknown>[] }>(
    await request.get('/api/v1/business/client-adherence?weeks=4', { headers: { authorization: `Bearer ${owner.token}` } }),
  )
  expect(answer.data).toHaveLength(1)
  expect(Object.keys(answer.data[0]!).sort()).toEqual(['clientName', 'clientUserId', 'trainerId', 'trainerName', 'weeks'])

  await storeSession(page, owner)
  await page.goto('/business/dashboard')
  await page.getByRole('tab', { name: 'Trainer Management' }).click()
  const table = page.getByRole('table', { name: "Clients' adherence" })
  const row = page.getByTestId('adherence-row')
  await expect(row).toHaveCount(1, { timeout: 30_000 })
  await expect(row).toContainText('Tomás Vera')
  await expect(row).toContainText('Carla Soto')
  await expect(row.getByRole('cell').nth(1)).toHaveText('1 of 1 (100%)')
  await expect(table).toBeVisible()
  await expect(page.getByText(/kg|Photo/)).toHaveCount(0)
  await expectAccessible(page, 'gym owner adherence')
  await screenshot(page, testInfo, 'gym-owner-adherence')
})
