// Issue 26 end to end with Mercado Pago (decision 249), on the second E2E server (its fake runs in
// the server's process, as `npm start` with MERCADOPAGO_SANDBOX=true): a trainer links their
// Mercado Pago account on the provider's page and publishes an offer; the invited client pays on
// the card form (a declined card first, then another); a declined renewal mails a payment link in
// the client's language that pays in one go. Once in Spanish and once in English.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { expectAccessible, latestMail, openDialog, screenshot, storeSession, uniqueEmail } from './support'
import { mailedCode, PASSWORD, trainerThroughApi } from './trainer-helpers'

const TEXTS = {
  es: {
    language: 'Español',
    link: 'Vincular Mercado Pago',
    linked: 'Cuenta vinculada',
    continue: 'Continuar',
    linkedStatus: 'Vinculada',
    newOffer: 'Nueva oferta',
    title: 'Título',
    price: 'Precio mensual (CLP)',
    sessions: 'Sesiones al mes',
    create: 'Crear oferta',
    created: 'Oferta creada',
    invite: 'Invitar cliente',
    email: 'Correo del cliente',
    send: 'Enviar invitación',
    failedSubject: /^No pudimos cobrar .+: paga en un paso$/,
  },
  en: {
    language: 'English',
    link: 'Link Mercado Pago',
    linked: 'Account linked',
    continue: 'Continue',
    linkedStatus: 'Linked',
    newOffer: 'New offer',
    title: 'Title',
    price: 'Monthly price (CLP)',
    sessions: 'Sessions per month',
    create: 'Create offer',
    created: 'Offer created',
    invite: 'Invite client',
    email: "Client's e-mail",
    send: 'Send invitation',
    failedSubject: /^We could not charge .+: pay in one step$/,
  },
} as const
type Language = keyof typeof TEXTS

/** A member account registered in `language` (an invited client who already has one keeps it). */
async function memberThroughApi(request: APIRequestContext, language: Language) {
  const email = uniqueEmail('e2e-mp-client')
  expect((await request.post('/api/v1/auth/email/otp/generate', { data: { email } })).status()).toBe(200)
  const otp = await mailedCode(request, email)
  const verified = await request.post('/api/v1/auth/email/otp/verify', { data: { email, otp } })
  const { verificationToken } = await verified.json()
  const registered = await request.post('/api/v1/auth/email/register', {
    data: {
      email,
      password: PASSWORD,
      firstName: 'Carla',
      lastName: 'Cliente',
      userType: 'member',
      birthDate: '1995-06-15',
      verificationToken,
      language,
    },
  })
  expect(registered.status(), await registered.text()).toBe(200)
  return email
}

/** The trainer links their account: our panel → Mercado Pago's consent page (the fake's) → back, linked. */
async function linkMercadoPago(page: Page, t: (typeof TEXTS)[Language]) {
  await page.getByRole('button', { name: t.link }).first().click()
  await expect(page).toHaveURL(/\/authorization\?/)
  await expect(page.getByRole('heading', { name: 'Autorizar la vinculación' })).toBeVisible()
  await page.getByRole('button', { name: 'Autorizar' }).click()
  await expect(page).toHaveURL(/\/cobros\/vinculacion/)
  await expect(page.getByRole('heading', { name: t.linked })).toBeVisible()
  await page.getByRole('link', { name: t.continue }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText(t.linkedStatus, { exact: true }).first()).toBeVisible()
}

async function publishAndInvite(page: Page, t: (typeof TEXTS)[Language], title: string, clientEmail: string) {
  await page.getByRole('button', { name: t.newOffer }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel(t.title).fill(title)
  await dialog.getByLabel(t.sessions).fill('8')
  await dialog.getByLabel(t.price).fill('25000')
  await dialog.getByRole('button', { name: t.create }).click()
  await expect(page.getByText(t.created).last()).toBeVisible()
  await expect(dialog).toBeHidden()
  const invite = page.getByRole('dialog')
  await openDialog(page.getByRole('button', { name: t.invite }), invite.getByLabel(t.email))
  await invite.getByLabel(t.email).fill(clientEmail)
  await invite.getByRole('button', { name: t.send }).click()
  await expect(invite).toBeHidden()
}

/** On the card form (the fake's stand-in for the Card Payment Brick): a holder name decides, as Mercado Pago's test cards. */
async function payOnCardForm(client: Page, holder: 'APRO' | 'OTHE', card?: string) {
  await expect(client).toHaveURL(/\/checkout\/card_form\?/)
  await expect(client.getByText('$25.000')).toBeVisible()
  await client.getByLabel('Nombre del titular').fill(holder)
  if (card) await client.getByLabel('Número de tarjeta').fill(card)
  await client.getByRole('button', { name: 'Pagar', exact: true }).click()
}

async function clientPays(browser: Browser, request: APIRequestContext, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, locale: 'es-CL', timezoneId: 'America/Santiago' })
  const client = await context.newPage()
  const mail = await latestMail(request, email, (m) => /te invita a entrenar|invites you to train/.test(m.subject))
  await client.goto(new URL(/https?:\/\/\S+\/invitacion\/[A-Za-z0-9_-]+/.exec(mail.text)![0]).pathname)
  await client.getByRole('button', { name: 'Enviar código' }).click()
  await expect(client.getByText('Código enviado a tu correo')).toBeVisible()
  await client.getByLabel('Código de verificación').fill(await mailedCode(request, email))
  await client.getByLabel('Nombre', { exact: true }).fill('Carla')
  await client.getByLabel('Apellido').fill('Cliente')
  await client.getByLabel('Fecha de nacimiento').fill('1995-06-15')
  await client.getByRole('button', { name: 'Confirmar y pagar' }).click()
  // A declined card comes back to the form, which says so; another card pays.
  await expect(client).toHaveURL(/\/checkout\/card_form\?/)
  const fakeOrigin = new URL(client.url()).origin
  await payOnCardForm(client, 'OTHE')
  await expect(client.getByRole('alert')).toHaveText('El pago fue rechazado: prueba con otra tarjeta.')
  await payOnCardForm(client, 'APRO', '4168 8188 4444 7115')
  await expect(client).toHaveURL(/\/invitacion\/pagada\?sid=mpco_[\w-]+$/)
  await expect(client.getByRole('heading', { name: '¡Tu suscripción está activa!' })).toBeVisible()
  return { client, context, fakeOrigin }
}

for (const language of ['es', 'en'] as const) {
  test(`Mercado Pago (${language}): link, offer, a client pays on the card form, a declined renewal's payment link pays`, async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const t = TEXTS[language]
    const trainer = await trainerThroughApi(request, { payouts: false, taxStart: true, language })
    await storeSession(page, trainer)
    await page.goto('/dashboard')
    await page
      .getByRole('group', { name: /^(Idioma|Language)$/ })
      .getByRole('button', { name: t.language })
      .click()
    await linkMercadoPago(page, t)
    await expectAccessible(page, `trainer dashboard, linked (${language})`)
    await screenshot(page, test.info(), `mp-${language}-1-linked`)

    const clientEmail = await memberThroughApi(request, language)
    await publishAndInvite(page, t, `Plan Mercado Pago ${language}`, clientEmail)
    const { client, context, fakeOrigin } = await clientPays(browser, request, baseURL!, clientEmail)
    await screenshot(client, test.info(), `mp-${language}-2-paid`)

    // The saved card now declines: the renewal mails a payment link, in the client's language.
    expect((await request.post(`${fakeOrigin}/__fake/cardholder`, { data: { email: clientEmail, name: 'OTHE' } })).status()).toBe(200)
    const run = await request.post('/dev/card-renewals/run', { data: { email: clientEmail } })
    expect(run.status(), await run.text()).toBe(200)
    expect((await run.json()).states).toEqual(['past_due'])
    const failed = await latestMail(request, clientEmail, (m) => t.failedSubject.test(m.subject))
    const linkPath = new URL(/https?:\/\/\S+\/card-payments\/links\/[\w-]+/.exec(failed.text)![0]).pathname
    await client.goto(linkPath)
    await payOnCardForm(client, 'APRO', '4168 8188 4444 7115')
    await expect(client).toHaveURL(/\/mi-suscripcion$/)
    await expect(client.getByText(`Plan Mercado Pago ${language}`)).toBeVisible()
    // The card paid through the link is the one the next renewal charges: approved, still active.
    const again = await request.post('/dev/card-renewals/run', { data: { email: clientEmail } })
    expect((await again.json()).states).toEqual(['active'])
    await context.close()
  })
}
