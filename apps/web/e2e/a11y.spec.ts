// Issue 32: every signed-in screen and open dialog passes axe (WCAG 2.2 A/AA, no serious or critical
// finding) at 375 and 1280 px, and a keyboard-only person never loses their place (docs/accessibility.md).
import { expect as baseExpect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { createGym, createTrainers, registerOwner, type Owner } from './business-helpers'
import { ADMIN_PASSWORD, E2E_ADMIN_EMAIL, setAdminPasswordOnce } from './admin-helpers'
import { expectAccessible as axeCheck, latestMail, screenshot, storeSession, uniqueEmail } from './support'
import { trainerThroughApi } from './trainer-helpers'

// The machine is shared: wait for screens as long as a slow run needs, never with fixed sleeps.
const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 300_000 })

async function openDashboardAs(page: Page, owner: Owner) {
  await storeSession(page, owner)
  await page.goto('/business/dashboard')
  await expect(page.getByRole('heading', { name: `Welcome, ${owner.firstName} ${owner.lastName}` })).toBeVisible()
}

async function signInToConsole(page: Page) {
  await page.goto('/admin/login')
  await page.getByLabel('Correo electrónico').fill(E2E_ADMIN_EMAIL)
  await page.getByLabel('Contraseña').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  await expect(page.getByRole('heading', { name: 'Solicitudes de acceso' })).toBeVisible()
}

/** axe on a settled screen: no pointer resting on a control (hover colours), no toast sliding in. */
async function expectAccessible(page: Page, screen: string) {
  await page.mouse.move(0, 0)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await axeCheck(page, screen)
}

/** Where focus is now, as a person would say it: its role-ish tag and accessible text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    return el && el !== document.body
      ? `${el.tagName.toLowerCase()}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}`
      : 'body'
  })

/** Tabs (at most `max` times) until `target` has focus: the keyboard way to reach a control. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`not reached by Tab: ${target}`)
}

/** A member who verified the e-mail and signed in: the client's own pages. */
async function signedInClient(page: Page, request: APIRequestContext) {
  const email = uniqueEmail('client')
  const password = 'Entrena123!'
  expect((await request.post('/api/v1/auth/email/otp/generate', { data: { email } })).ok()).toBe(true)
  const otp = (await latestMail(request, email, (m) => /código/.test(m.subject))).text.match(/\b(\d{6})\b/)![1]
  const verified = await request.post('/api/v1/auth/email/otp/verify', { data: { email, otp } })
  const { verificationToken } = (await verified.json()) as { verificationToken: string }
  const registered = await request.post('/api/v1/auth/email/register', {
    data: { email, password, firstName: 'Carla', lastName: 'Cliente', birthDate: '1990-04-02', userType: 'member', verificationToken },
  })
  expect(registered.ok(), await registered.text()).toBe(true)
  const login = await request.post('/api/v1/auth/email/login', { data: { email, password } })
  await storeSession(page, await login.json())
}

/** The focus ring's contrast against the colour behind the focused element (WCAG 2.4.11/1.4.11: 3:1). */
async function focusRingContrast(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement
    const style = getComputedStyle(el)
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!
    const rgb = (css: string) => {
      canvas.clearRect(0, 0, 1, 1)
      canvas.fillStyle = '#fff'
      canvas.fillRect(0, 0, 1, 1)
      canvas.fillStyle = css
      canvas.fillRect(0, 0, 1, 1)
      return Array.from(canvas.getImageData(0, 0, 1, 1).data.slice(0, 3))
    }
    let behind = 'rgb(255, 255, 255)'
    for (let p = el.parentElement; p; p = p.parentElement) {
      const bg = getComputedStyle(p).backgroundColor
      if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') {
        behind = bg
        break
      }
    }
    const lum = ([r, g, b]: number[]) => {
      const c = [r, g, b].map((v) => {
        const s = v / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    }
    const [a, b] = [lum(rgb(style.outlineColor)), lum(rgb(behind))].sort((x, y) => y - x)
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), ratio: (a + 0.05) / (b + 0.05) }
  })
}

test.describe('axe sweep of the signed-in screens', () => {
  test('gym owner: dashboard tabs and every dialog @mobile', async ({ page, request }, testInfo) => {
    const owner = await registerOwner(request)
    await openDashboardAs(page, owner)
    await expectAccessible(page, 'owner-empty')
    await page.getByRole('button', { name: 'Add New Gym' }).click()
    await expect(page.getByRole('dialog', { name: 'Create New Gym' })).toBeVisible()
    await page.getByRole('dialog').getByRole('button', { name: 'Create Gym' }).click()
    await expect(page.getByRole('dialog').getByText('Email is required')).toBeVisible()
    await expectAccessible(page, 'owner-gym-dialog-errors')
    await page.keyboard.press('Escape')

    await createGym(request, owner)
    await createTrainers(request, owner, 2)
    await page.reload()
    await expect(page.getByRole('button', { name: 'Edit Gym' })).toBeVisible()
    await expectAccessible(page, 'owner-gym')
    await page.getByRole('tab', { name: 'Trainer Management' }).click()
    await expect(page.getByRole('button', { name: 'Edit Coach Número 1' })).toBeVisible()
    await expectAccessible(page, 'owner-trainers')
    await screenshot(page, testInfo, 'owner-trainers')
    await page.getByRole('button', { name: 'Edit Coach Número 1' }).click()
    await expect(page.getByRole('dialog', { name: 'Edit Trainer' })).toBeVisible()
    await expectAccessible(page, 'owner-trainer-dialog')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Delete Coach Número 2' }).click()
    await expect(page.getByRole('alertdialog')).toBeVisible()
    await expectAccessible(page, 'owner-delete-dialog')
    await page.keyboard.press('Escape')
    await page.getByRole('tab', { name: /Payments/ }).click()
    await expect(page.getByRole('tabpanel')).toBeVisible()
    await expectAccessible(page, 'owner-payments')
  })

  test('independent trainer: dashboard, offer and invitation dialogs @mobile', async ({ page, request }, testInfo) => {
    const trainer = await trainerThroughApi(request)
    await storeSession(page, trainer)
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { name: 'Cobros a clientes' })).toBeVisible()
    await expectAccessible(page, 'trainer-dashboard')
    await screenshot(page, testInfo, 'trainer-dashboard')
    await page.getByRole('button', { name: 'Nueva oferta' }).click()
    const offer = page.getByRole('dialog')
    await expect(offer).toBeVisible()
    await offer.getByRole('button', { name: 'Crear oferta' }).click()
    await expect(offer.locator('[aria-invalid="true"]').first()).toBeVisible()
    await expectAccessible(page, 'trainer-offer-dialog-errors')
    await offer.getByLabel('Título').fill('Plan Fuerza')
    await offer.getByLabel('Sesiones al mes').fill('8')
    await offer.getByLabel('Precio mensual (CLP)').fill('30000')
    await offer.getByRole('button', { name: 'Crear oferta' }).click()
    await expect(offer).toBeHidden()
    await expect(page.getByRole('listitem', { name: 'Plan Fuerza' })).toBeVisible()
    await expectAccessible(page, 'trainer-dashboard-offer')
    await page.getByRole('button', { name: 'Invitar cliente' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectAccessible(page, 'trainer-invite-dialog')
    await page.keyboard.press('Escape')
  })

  test('operator console: every section @mobile', async ({ page, request }) => {
    await setAdminPasswordOnce(request)
    await signInToConsole(page)
    for (const [link, heading] of [
      ['Solicitudes', 'Solicitudes de acceso'],
      ['Entrenadores', 'Entrenadores'],
      ['Gimnasios', 'Gimnasios'],
      ['Dinero', 'Dinero'],
      ['Auditoría', 'Registro de auditoría'],
      ['Reseñas', /Reseñas/],
      ['Privacidad', 'Solicitudes de privacidad'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Secciones de la consola' }).getByRole('link', { name: link }).click()
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: /./ }).first()).toBeAttached()
      await expectAccessible(page, `console-${link}`)
    }
  })

  test('client: bookings and subscriptions @mobile', async ({ page, request }) => {
    await signedInClient(page, request)
    await page.goto('/cliente/reservas')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(page, 'client-bookings')
    await page.goto('/mi-suscripcion')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(page, 'client-subscriptions')
  })
})

test.describe('keyboard only', () => {
  test('owner: skip link, focus ring, and focus after every dialog', async ({ page, request }) => {
    const owner = await registerOwner(request)
    await openDashboardAs(page, owner)

    // The skip link is the first stop and moves focus into main.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.locator('main')).toBeFocused()

    // The next Tab is inside main, with a solid ring at 3:1 or more against what is behind it.
    const addGym = page.getByRole('button', { name: 'Add New Gym' })
    await tabTo(page, addGym)
    const ring = await focusRingContrast(page)
    expect(ring.style).toBe('solid')
    expect(ring.width).toBeGreaterThanOrEqual(2)
    expect(ring.ratio).toBeGreaterThanOrEqual(3)

    // Open and Escape: back on the trigger.
    await page.keyboard.press('Enter')
    const gymDialog = page.getByRole('dialog', { name: 'Create New Gym' })
    await expect(gymDialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(addGym).toBeFocused()

    // Submit with errors: focus on the first invalid field, described by its error.
    await page.keyboard.press('Enter')
    await gymDialog.getByRole('button', { name: 'Create Gym' }).press('Enter')
    const firstInvalid = gymDialog.locator('[aria-invalid="true"]').first()
    await expect(firstInvalid).toBeFocused()
    const describedBy = (await firstInvalid.getAttribute('aria-describedby')) ?? ''
    expect(describedBy).not.toBe('')
    await expect(page.locator(`[id="${describedBy.split(' ').at(-1)}"]`)).toBeVisible()

    // Create the gym by keyboard: the trigger is then disabled, so focus goes to its neighbour, not <body>.
    await gymDialog
      .getByLabel(/Gym Name|Name/)
      .first()
      .fill('Paula Fit Centro')
    await gymDialog.getByLabel(/Email/).fill('centro@paulafit.cl')
    await gymDialog.getByLabel(/Phone/).fill('+56 2 2345 6789')
    await gymDialog.getByLabel(/Address/).fill('Av. Providencia 1234')
    await gymDialog.getByLabel(/City/).fill('Santiago')
    await gymDialog.getByLabel(/State/).fill('Región Metropolitana')
    await gymDialog.getByLabel(/Zip/).fill('7500000')
    await gymDialog.getByRole('button', { name: 'Create Gym' }).press('Enter')
    await expect(gymDialog).toBeHidden()
    await expect(addGym).toBeDisabled()
    await expect.poll(() => focused(page)).not.toBe('body')
    await expect(page.getByRole('button', { name: 'Add Trainer' })).toBeFocused()

    // Edit the gym: Cancel/Escape brings focus back to 'Edit Gym'.
    const editGym = page.getByRole('button', { name: 'Edit Gym' })
    await tabTo(page, editGym)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(editGym).toBeFocused()

    // Trainers: edit and close; delete one: focus on the next card, never <body>.
    await createTrainers(request, owner, 3)
    await page.reload()
    await expect(page.getByRole('heading', { name: `Welcome, ${owner.firstName} ${owner.lastName}` })).toBeVisible()
    const trainersTab = page.getByRole('tab', { name: 'Trainer Management' })
    await tabTo(page, page.getByRole('tab', { selected: true }))
    await page.keyboard.press('ArrowRight')
    await expect(trainersTab).toBeFocused()
    await expect(page.getByRole('button', { name: 'Edit Coach Número 3' })).toBeVisible()
    const edit2 = page.getByRole('button', { name: 'Edit Coach Número 2' })
    await tabTo(page, edit2)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Edit Trainer' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(edit2).toBeFocused()

    // The dialog's close button is a 24 px target or larger.
    await page.keyboard.press('Enter')
    const close = page.getByRole('dialog').getByRole('button', { name: 'Close' })
    const box = (await close.boundingBox())!
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24)
    await close.press('Enter')
    await expect(edit2).toBeFocused()

    const delete2 = page.getByRole('button', { name: 'Delete Coach Número 2' })
    await page.keyboard.press('Tab')
    await expect(delete2).toBeFocused()
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('alertdialog')
    await expect(confirm).toBeVisible()
    await confirm.getByRole('button', { name: 'Delete' }).press('Enter')
    await expect(delete2).toHaveCount(0)
    await expect.poll(() => focused(page)).toMatch(/Coach Número (1|3)/)
  })

  test('trainer: offer and invitation dialogs give focus back', async ({ page, request }) => {
    const trainer = await trainerThroughApi(request)
    await storeSession(page, trainer)
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { name: 'Cobros a clientes' })).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeFocused()

    const newOffer = page.getByRole('button', { name: 'Nueva oferta' })
    await tabTo(page, newOffer, 120)
    await page.keyboard.press('Enter')
    const offer = page.getByRole('dialog')
    await expect(offer).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(newOffer).toBeFocused()
    // Create one by keyboard: the dialog closes on success and focus is back on 'Nueva oferta'.
    await page.keyboard.press('Enter')
    await offer.getByLabel('Título').fill('Plan Fuerza')
    await offer.getByLabel('Sesiones al mes').fill('8')
    await offer.getByLabel('Precio mensual (CLP)').fill('30000')
    await offer.getByLabel('Precio mensual (CLP)').press('Enter')
    await expect(offer).toBeHidden()
    await expect(newOffer).toBeFocused()

    const invite = page.getByRole('button', { name: 'Invitar cliente' })
    await expect(invite).toBeEnabled()
    await tabTo(page, invite, 120)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(invite).toBeFocused()
  })

  test('client: invitation, code, payment and own subscription without a mouse', async ({ page, request }) => {
    const trainer = await trainerThroughApi(request, { firstName: 'Teclado', lastName: 'Rojas' })
    const auth = { authorization: `Bearer ${trainer.token}` }
    const offer = await request.post('/api/v1/trainer/offers', {
      headers: auth,
      data: { title: 'Plan Teclado', description: '8 sesiones', priceClp: 25_000, sessionsPerMonth: 8 },
    })
    expect(offer.ok(), await offer.text()).toBe(true)
    const email = uniqueEmail('keys')
    const invited = await request.post('/api/v1/trainer/invitations', { headers: auth, data: { offerId: (await offer.json()).id, email } })
    expect(invited.ok(), await invited.text()).toBe(true)
    const mail = await latestMail(request, email, (m) => /te invita a entrenar/.test(m.subject))
    await page.goto(new URL(/https?:\/\/\S+\/invitacion\/[\w-]+/.exec(mail.text)![0]).pathname)
    await expect(page.getByRole('heading', { name: 'Teclado Rojas te invita a entrenar' })).toBeVisible()

    const ask = page.getByRole('button', { name: 'Enviar código' })
    await tabTo(page, ask)
    await page.keyboard.press('Enter')
    // The code field takes focus by itself: the next thing to type.
    const otp = page.getByLabel('Código de verificación')
    await expect(otp).toBeFocused()
    // Submitting empty puts focus on the first invalid field, tied to its error.
    await tabTo(page, page.getByRole('button', { name: 'Confirmar y pagar' }))
    await page.keyboard.press('Enter')
    await expect(otp).toBeFocused()
    expect(await otp.getAttribute('aria-describedby')).toBeTruthy()

    const code = (await latestMail(request, email, (m) => /código/i.test(m.subject))).text.match(/\b(\d{6})\b/)![1]
    await page.keyboard.type(code)
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Nombre', { exact: true })).toBeFocused()
    await page.keyboard.type('Carla')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Cliente')
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Fecha de nacimiento')).toBeFocused()
    // The date's segment order is the browser's UI locale, not the page's (en-US here): set the
    // focused field's value as typing would, without a pointer.
    await page.getByLabel('Fecha de nacimiento').fill('1995-06-15')
    await expect(page.getByLabel('Fecha de nacimiento')).toHaveValue('1995-06-15')
    await page.keyboard.press('Enter')

    // The sandbox checkout: Pagar by keyboard, back on our paid page with the real checkout id. Its
    // address first, and the exact name: 'Pagar' alone also matches the form's 'Confirmar y pagar',
    // which a loaded run still showed while it navigated (a flaky "execution context was destroyed").
    await expect(page).toHaveURL(/\/sandbox\/client-checkout\//)
    const pay = page.getByRole('button', { name: 'Pagar', exact: true })
    await expect(pay).toBeVisible()
    await tabTo(page, pay)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/invitacion\/pagada\?sid=cs_[\w-]+$/)
    await expect(page.getByRole('heading', { name: '¡Tu suscripción está activa!' })).toBeVisible()
    await expectAccessible(page, 'client-paid')

    const mine = page.getByRole('link', { name: 'Ver mi suscripción' })
    await tabTo(page, mine)
    await page.keyboard.press('Enter')
    await expect(page.getByText('Plan Teclado')).toBeVisible()
    // The new page's heading holds focus (read out), so the next Tab continues inside it.
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    expect(await focused(page)).not.toBe('body')
    await expectAccessible(page, 'client-subscriptions')
  })

  test('console: a section link moves focus to the new page heading and announces its title', async ({ page, request }) => {
    await setAdminPasswordOnce(request)
    await signInToConsole(page)
    const nav = page.getByRole('navigation', { name: 'Secciones de la consola' })
    await tabTo(page, nav.getByRole('link', { name: 'Gimnasios' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'Gimnasios' })).toBeFocused()
    await expect(page.locator('p[role="status"]')).toHaveText(await page.title())
  })
})
