// Issue 21 end to end: a trainer publishes a profile and sets hours; their client finds them by
// search, books, gets the reminder, is checked in, reviews; the trainer's calendar shows it; both
// languages; the public pages at 375 px.
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { expectAccessible as axeCheck, screenshot, storeSession, uniqueEmail } from './support'
import { payingClientThroughApi, trainerThroughApi } from './trainer-helpers'

const port = Number(process.env.E2E_PORT ?? 3100)

/** axe on a settled screen: no pointer resting on a button (hover colours), no toast sliding in. */
async function expectAccessible(page: Page, screen: string) {
  await page.mouse.move(0, 0)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await axeCheck(page, screen)
}

/** The dashboard card whose heading is `title`. */
const card = (page: Page, title: string): Locator =>
  page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: title, exact: true }) })

/**
 * An independent trainer (Starter trial, payouts done) with one paying client, both through the API
 * (the sign-up, offer and invitation screens are other specs'): the trainer on /dashboard, the
 * client signed in in a browser of their own.
 */
async function trainerWithClient(page: Page, browser: Browser, request: APIRequestContext) {
  const trainer = await trainerThroughApi(request)
  const clientSession = await payingClientThroughApi(request, trainer, { email: uniqueEmail('e2e-booker'), firstName: 'Carla' })
  await storeSession(page, trainer)
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Cobros a clientes' })).toBeVisible()
  const context = await browser.newContext({ baseURL: `http://localhost:${port}`, locale: 'es-CL', timezoneId: 'America/Santiago' })
  const client = await context.newPage()
  await storeSession(client, clientSession)
  return { client, clientEmail: clientSession.email }
}

test('trainer publishes and sets hours; a client finds, books, is reminded, attends and reviews; the calendar shows it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(270_000)
  const tag = `zq${randomBytes(3).toString('hex').replace(/\d/g, 'x')}`
  const { client, clientEmail } = await trainerWithClient(page, browser, request)

  // The public profile (the client's offer, $30.000 a month, shows on it).
  const profile = card(page, 'Perfil público')
  await profile.getByLabel('Titular').fill(`Pilates y movilidad ${tag}`)
  await profile.getByLabel('Ciudad').fill('Santiago')
  await profile.getByLabel('Comuna').fill('Ñuñoa')
  await profile.getByLabel('Sobre mí').fill('Clases de pilates para todas las edades.')
  // Cards above may still be drawing: a click can land while the box moves (once, on a loaded CI
  // run, Playwright's check found the box unchanged). It is tried again then.
  await expect(async () => await profile.getByRole('checkbox', { name: 'Pilates' }).check({ timeout: 5_000 })).toPass()
  await profile.getByRole('button', { name: 'Guardar perfil' }).click()
  await expect(page.getByText('Perfil guardado')).toBeVisible()
  await profile.getByRole('button', { name: 'Publicar', exact: true }).click()
  await expect(profile.getByText('Publicado', { exact: true })).toBeVisible()

  // Availability: 15-minute sessions, every day 00:00–23:45 (Santiago): a time is always near.
  const availability = card(page, 'Disponibilidad')
  await availability.getByLabel('Nombre').fill('Sesión Pilates')
  await availability.getByLabel('Duración (min)').fill('15')
  await availability.getByRole('button', { name: 'Agregar tipo' }).click()
  await expect(page.getByText('Tipo de sesión agregado')).toBeVisible()
  for (let day = 1; day <= 7; day++) {
    await availability.getByRole('button', { name: 'Agregar tramo' }).click()
    await availability
      .getByLabel('Día')
      .nth(day - 1)
      .selectOption(String(day))
    await availability
      .getByLabel('Desde')
      .nth(day - 1)
      .fill('00:00')
    await availability
      .getByLabel('Hasta')
      .nth(day - 1)
      .fill('23:45')
  }
  await availability.getByRole('button', { name: 'Guardar horario' }).click()
  await expect(page.getByText('Horario guardado')).toBeVisible()
  await expectAccessible(page, 'trainer-dashboard-booking')
  await screenshot(page, test.info(), 'booking-01-trainer-dashboard')

  // The client finds the trainer by search without accents.
  await client.goto('/entrenadores')
  await expect(client.getByRole('heading', { name: 'Encuentra tu entrenador', level: 1 })).toBeVisible()
  await client.getByLabel('Buscar').fill(`pilates nunoa ${tag}`)
  await client.getByRole('button', { name: 'Buscar' }).click()
  await expect(client).toHaveURL(/\/entrenadores\?q=pilates/)
  const result = client.getByRole('link', { name: new RegExp(`Pilates y movilidad ${tag}`) })
  await expect(result).toHaveCount(1)
  await expectAccessible(client, 'trainer-search')
  await screenshot(client, test.info(), 'booking-02-search')
  await result.click()
  await expect(client.getByRole('heading', { level: 1 })).toBeVisible()
  const slug = new URL(client.url()).pathname.split('/').pop()!
  await expect(client.getByRole('link', { name: 'Reservar' })).toHaveAttribute(
    'href',
    `/cliente/ingresar?next=${encodeURIComponent(`/cliente/reservar/${slug}`)}`,
  )
  await expect(client.getByText('$30.000 al mes')).toBeVisible()
  // Findable: JSON-LD Person with its CLP offer, Open Graph, the sitemap.
  const jsonLd = JSON.parse((await client.locator('script[type="application/ld+json"]').textContent())!)
  expect(jsonLd).toMatchObject({ '@type': 'Person', makesOffer: [{ '@type': 'Offer', price: 30000, priceCurrency: 'CLP' }] })
  await expect(client.locator('meta[property="og:type"]')).toHaveAttribute('content', 'profile')
  expect(await (await request.get('/sitemap.xml')).text()).toContain(`/entrenadores/${slug}</loc>`)
  await expectAccessible(client, 'trainer-profile')
  await screenshot(client, test.info(), 'booking-03-profile')

  // Booking (the client's sign-in page is issue 25's; this client is signed in by the invitation).
  // The first time is the next quarter hour (check-in below needs it that near); one starting
  // within the next minute and a half would be gone by the click, so wait for the one after it.
  const quarter = 15 * 60_000
  const untilNext = quarter - (Date.now() % quarter)
  if (untilNext < 90_000) await client.waitForTimeout(untilNext + 1_000)
  await client.goto(`/cliente/reservar/${slug}`)
  await expect(client.getByRole('heading', { name: /^Reservar con / })).toBeVisible()
  const firstTime = client.locator('section ul button').first()
  await firstTime.click()
  await expectAccessible(client, 'book')
  await screenshot(client, test.info(), 'booking-04-pick')
  await client.getByRole('button', { name: 'Confirmar reserva' }).click()
  await expect(client).toHaveURL(/\/cliente\/reservas$/)
  await expect(client.getByText('Por confirmar')).toBeVisible()

  // The trainer's calendar shows it; confirming mails the client.
  await page.reload()
  const calendar = card(page, 'Calendario')
  await expect(calendar.getByText('Carla Cliente')).toBeVisible()
  await calendar.getByRole('button', { name: 'Confirmar' }).click()
  await expect(calendar.getByText('Confirmada')).toBeVisible()
  // Any mail of theirs, not only the newest: the reminder (below) may follow the confirmation at once.
  const mailed = (subject: string) =>
    expect
      .poll(
        async () =>
          (
            (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(clientEmail)}`)).json()).data as { subject: string }[]
          ).some((m) => m.subject.startsWith(subject)),
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBe(true)
  await mailed('Reserva confirmada')
  // The reminder job sends within 24 h of the session; it runs every 2 s here (BOOKING_REMINDERS_EVERY_MS).
  await mailed('Recordatorio')

  // Check-in (15 minutes before on), then the client reviews.
  await calendar.getByRole('button', { name: 'Asistió', exact: true }).click()
  await expect(calendar.getByText('Asistió', { exact: true }).first()).toBeVisible()
  await screenshot(page, test.info(), 'booking-05-calendar')
  await client.reload()
  await client.getByRole('radio', { name: '5 estrellas' }).check()
  await client.getByLabel('Tu opinión').fill('Excelente clase, muy puntual.')
  await client.getByRole('button', { name: 'Publicar reseña' }).click()
  await expect(client.getByText('Reseña guardada')).toBeVisible()
  await expectAccessible(client, 'my-bookings')
  await screenshot(client, test.info(), 'booking-06-my-bookings')

  // English on both sides.
  await client
    .getByRole('button', { name: /English|Inglés/ })
    .first()
    .click()
  await expect(client.getByRole('heading', { name: 'My bookings' })).toBeVisible()
  await expect(client.getByText('Attended')).toBeVisible()
  await page
    .getByRole('button', { name: /English|Inglés/ })
    .first()
    .click()
  await expect(card(page, 'Calendar').getByText('Carla Cliente')).toBeVisible()

  // The profile shows the review and the average.
  await client.goto(`/entrenadores/${slug}?v=2`)
  await expect(client.getByText('5 de 5 (1 reseña)')).toBeVisible()
  await expect(client.getByText('Excelente clase, muy puntual.')).toBeVisible()
})

test('the public trainer pages fit 375 px and work before JavaScript @mobile', async ({ page }) => {
  await page.goto('/entrenadores?q=pilates')
  await expect(page.getByRole('heading', { name: 'Encuentra tu entrenador', level: 1 })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width)
  await expectAccessible(page, 'trainer-search-375')
  await screenshot(page, test.info(), 'booking-375-search')
  const first = page.locator('main ul a').first()
  if (await first.count()) {
    await first.click()
    await expect(page.getByRole('link', { name: 'Reservar' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width)
    await expectAccessible(page, 'trainer-profile-375')
    await screenshot(page, test.info(), 'booking-375-profile')
  }
})
