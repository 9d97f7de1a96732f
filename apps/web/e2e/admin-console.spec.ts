// Issue 13, operator console: an admin made by `admin:create` (run by the webServer command before
// the server opens the embedded database; playwright.config.ts) works the leads pipeline,
// deactivates a trainer whose open tab then loses its session, moves a gym to Enterprise, and finds
// all of it in the audit log. Plus the console at 375 px.
import { expect, test, type Download, type Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { ADMIN_PASSWORD, E2E_ADMIN_EMAIL, setAdminPasswordOnce, signInToConsole, storeSession } from './admin-helpers'
import { createGym, registerOwner } from './business-helpers'
import { expectAccessible as expectAccessibleAt, screenshot, uniqueEmail } from './support'

/**
 * axe on the screen as a person reads it: the pointer is moved off the button just clicked, whose
 * hover shade (primary at 90%, shared by every button) is 4.3:1 against white text.
 */
async function expectAccessible(page: Page, screen: string) {
  await page.mouse.move(1, 799)
  await expectAccessibleAt(page, screen)
}

const csvOf = async (download: Download) => readFile(await download.path(), 'utf8')

/** Applies the list's filters (the filter form of every console list). */
async function filter(page: Page, fields: Record<string, string>, selects: Record<string, string> = {}) {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value)
  for (const [label, value] of Object.entries(selects)) await page.getByLabel(label, { exact: true }).selectOption(value)
  await page.getByRole('button', { name: 'Filtrar' }).click()
}

const table = (page: Page, name: string) => page.getByRole('region', { name }).getByRole('table')

test('operator console: sign-in by the command, leads pipeline, trainer deactivation, gym plan, audit log', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000)

  // --- The admin: the command's link sets the password; anonymous /admin asks to sign in. ---
  await setAdminPasswordOnce(request)
  await signInToConsole(page)
  await expectAccessible(page, 'leads')

  // --- Someone who is not an operator sees "no access". ---
  const businessName = `Gym E2E ${Date.now()}`
  const owner = await registerOwner(request, { businessName })
  const other = await browser.newContext()
  const ownerPage = await other.newPage()
  await storeSession(ownerPage, owner)
  await ownerPage.goto('/admin/trainers')
  await expect(ownerPage.getByRole('heading', { name: 'Sin acceso a la consola' })).toBeVisible()
  await expect(ownerPage.getByText(owner.email)).toBeVisible()
  await expectAccessible(ownerPage, 'no access')
  await screenshot(ownerPage, test.info(), 'admin-00-no-access')

  // --- A lead, as the landing form sends it (the form itself is public-landing.spec.ts's). ---
  const leadEmail = uniqueEmail('lead')
  const lead = await request.post('/api/v1/forms', {
    data: {
      title: 'Solicitud de acceso gratuito',
      subject: 'Acceso gratuito: Valentina Soto (Concepción)',
      email: leadEmail,
      content: ['Nombre: Valentina Soto', `Email: ${leadEmail}`, 'WhatsApp: +56 9 5555 1234', 'Ciudad: Concepción'].join('\n'),
    },
  })
  expect(lead.status(), await lead.text()).toBe(201)

  // --- Leads: search, status filter, open, contacted with a note, then activated. ---
  await filter(page, { Buscar: leadEmail }, { Estado: 'new' })
  await expect(page).toHaveURL(/status=new/)
  const leads = table(page, 'Solicitudes de acceso')
  await expect(leads.getByRole('row')).toHaveCount(2)
  await expect(leads.getByRole('row').nth(1)).toContainText('Concepción')
  await expect(leads.getByRole('row').nth(1)).toContainText('Nueva')
  await screenshot(page, test.info(), 'admin-01-leads')
  // A filter that matches nothing shows the empty state.
  await filter(page, {}, { Estado: 'activated' })
  await expect(page.getByText('No hay solicitudes')).toBeVisible()
  await filter(page, {}, { Estado: '' })
  await leads.getByRole('link', { name: /Valentina Soto/ }).click()

  await expect(page.getByRole('heading', { name: 'Valentina Soto', level: 1 })).toBeVisible()
  await expect(page.getByText('Sin cambios todavía')).toBeVisible()
  // Nothing chosen: the API's own rule, in words, and nothing is sent.
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('No hay cambios que guardar')).toBeVisible()
  // Only the moves the pipeline allows are offered.
  const newStatus = page.getByLabel('Nuevo estado')
  await expect(newStatus.locator('option')).toHaveText(['Mantener el estado actual', 'Contactada', 'Descartada'])
  await newStatus.selectOption('contacted')
  await page.getByLabel('Nota').fill('Llamada por WhatsApp, agenda demo el jueves')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Solicitud marcada como Contactada')).toBeVisible()
  const history = page.getByRole('list', { name: 'Historial' })
  await expect(history.getByRole('listitem').first()).toContainText('Nueva → Contactada')
  await expect(history.getByRole('listitem').first()).toContainText('Llamada por WhatsApp, agenda demo el jueves')
  await expect(history.getByRole('listitem').first()).toContainText(E2E_ADMIN_EMAIL)
  await expectAccessible(page, 'lead detail')
  await newStatus.selectOption('activated')
  await page.getByLabel('Nota').fill('Cuenta creada, acceso gratuito activo')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Solicitud marcada como Activada')).toBeVisible()
  await expect(history.getByRole('listitem')).toHaveCount(2)
  await expect(history.getByRole('listitem').first()).toContainText('Contactada → Activada')
  await expect(page.getByText('Una solicitud activada ya no cambia de estado; puedes agregar notas.')).toBeVisible()
  await expect(newStatus).toBeDisabled()
  await screenshot(page, test.info(), 'admin-02-lead-detail')

  // CSV export with the current filters: this lead, activated.
  await page.getByRole('link', { name: 'Volver a solicitudes' }).click()
  await filter(page, { Buscar: leadEmail }, { Estado: 'activated' })
  await expect(leads.getByRole('row')).toHaveCount(2)
  const [leadsCsv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()])
  // Named by the export's day in Chile, headers and states in the console's words (issue 23 point 6).
  expect(leadsCsv.suggestedFilename()).toMatch(/^solicitudes_\d{4}-\d{2}-\d{2}\.csv$/)
  const leadsText = await csvOf(leadsCsv)
  expect(leadsText).toContain('Recibida')
  expect(leadsText).toContain('Activada')
  // No other lead: every address in the file is this lead's.
  expect(new Set(leadsText.match(/[\w.+-]+@example\.com/g))).toEqual(new Set([leadEmail]))

  // --- A trainer of the owner's gym, signed in on their dashboard in another browser. ---
  await createGym(request, owner, 'Sede Centro E2E')
  const trainerEmail = uniqueEmail('coach')
  const created = await request.post('/api/v1/trainers/with-user', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      firstName: 'Tomás',
      lastName: 'Reyes',
      email: trainerEmail,
      phone: '+56 9 2222 3333',
      specialization: 'Cardio',
      experience: 4,
      password: 'Entrena123!',
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const login = await request.post('/api/v1/auth/email/login', { data: { email: trainerEmail, password: 'Entrena123!' } })
  expect(login.status(), await login.text()).toBe(200)
  const trainerSession = await login.json()
  const trainerContext = await browser.newContext()
  const trainerPage = await trainerContext.newPage()
  await storeSession(trainerPage, trainerSession)
  await trainerPage.goto('/dashboard')
  await expect(trainerPage.getByRole('heading', { name: 'Hola, Tomás Reyes' })).toBeVisible()

  // --- Trainers: find, open, deactivate with a reason. ---
  await page.getByRole('link', { name: 'Entrenadores' }).click()
  await expect(page.getByRole('heading', { name: 'Entrenadores', level: 1 })).toBeVisible()
  await filter(page, { Buscar: trainerEmail }, { Cuenta: 'true' })
  const trainers = table(page, 'Entrenadores')
  await expect(trainers.getByRole('row')).toHaveCount(2)
  await expect(trainers.getByRole('row').nth(1)).toContainText('Sede Centro E2E')
  await expect(trainers.getByRole('row').nth(1)).toContainText('Activa')
  await expectAccessible(page, 'trainers')
  await screenshot(page, test.info(), 'admin-03-trainers')
  await trainers.getByRole('link', { name: /Tomás Reyes/ }).click()
  await expect(page.getByRole('heading', { name: 'Tomás Reyes', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Enviar enlace de contraseña' }).click()
  await expect(page.getByText(`Enlace para crear contraseña enviado a ${trainerEmail}`)).toBeVisible()

  await page.getByRole('button', { name: 'Desactivar cuenta' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog.getByRole('heading', { name: '¿Desactivar la cuenta de Tomás Reyes?' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Desactivar cuenta' }).click()
  await expect(dialog.getByText('Motivo es requerido')).toBeVisible()
  await expectAccessible(page, 'deactivate dialog')
  await dialog.getByLabel('Motivo').fill('Suplantación reportada por el gimnasio')
  await dialog.getByRole('button', { name: 'Desactivar cuenta' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Cuenta de Tomás Reyes desactivada')).toBeVisible()
  await expect(page.locator('[data-slot="badge"]').getByText('Desactivada', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reactivar cuenta' })).toBeVisible()
  const trainerHistory = table(page, 'Historial')
  await expect(trainerHistory).toContainText('Cuenta desactivada')
  // The history in words (issue 23 point 7): a sentence and the change, not {"isActive":false}.
  await expect(trainerHistory).toContainText('Desactivó la cuenta: ya no puede iniciar sesión')
  await expect(trainerHistory).toContainText('Cuenta: Activa → Desactivada')
  await expect(trainerHistory).toContainText('Suplantación reportada por el gimnasio')
  await expect(trainerHistory).toContainText('Sesiones cerradas')
  await screenshot(page, test.info(), 'admin-04-trainer-deactivated')

  // The trainer's open tab: its token no longer works, and its next call sends it to sign in.
  const me = await trainerPage.evaluate(
    async () =>
      (await fetch('/api/v1/auth/me', { headers: { authorization: `Bearer ${localStorage.getItem('entrenapp.token')}` } })).status,
  )
  expect(me).toBe(401)
  await trainerPage.reload()
  await expect(trainerPage).toHaveURL(/\/auth\/login$/)
  await expect(trainerPage.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible()
  await trainerContext.close()

  // --- Gyms: Business (10 trainers) → Enterprise (50), split checked, reason required. ---
  await page.getByRole('link', { name: 'Gimnasios' }).click()
  await filter(page, { Buscar: owner.email })
  const gyms = table(page, 'Gimnasios')
  await expect(gyms.getByRole('row')).toHaveCount(2)
  await expect(gyms.getByRole('row').nth(1)).toContainText('1 / 10')
  // The split in percent, as the form types it (issue 23 point 7).
  await expect(gyms.getByRole('row').nth(1)).toContainText(/60\s?% \/ 35\s?% \/ 5\s?%/)
  await expectAccessible(page, 'gyms')
  await gyms.getByRole('link', { name: new RegExp(businessName) }).click()
  await expect(page.getByTestId('trainer-limit')).toHaveText('1 de 10 entrenadores')
  await page.getByLabel('Plan', { exact: true }).selectOption('enterprise')
  await page.getByLabel('Entrenador %').fill('70')
  await page.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(page.getByText('Las comisiones deben sumar 100%')).toBeVisible()
  await expect(page.getByText('Motivo es requerido')).toBeVisible()
  await expectAccessible(page, 'gym form errors')
  await screenshot(page, test.info(), 'admin-05-gym-errors')
  await page.getByLabel('Entrenador %').fill('60')
  await page.getByLabel('Motivo').fill('Contrato Enterprise firmado el 20/11')
  await page.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(page.getByText('Cambios guardados')).toBeVisible()
  await expect(page.getByTestId('trainer-limit')).toHaveText('1 de 50 entrenadores')
  await expect(table(page, 'Historial')).toContainText('Contrato Enterprise firmado el 20/11')
  await expect(table(page, 'Historial')).toContainText('Plan: Business → Enterprise')
  await screenshot(page, test.info(), 'admin-06-gym-enterprise')
  await page.getByRole('link', { name: 'Volver a gimnasios' }).click()
  await filter(page, { Buscar: owner.email }, { Plan: 'enterprise' })
  await expect(gyms.getByRole('row').nth(1)).toContainText('1 / 50')

  // --- Audit log: each of the above as a sentence with before → after, actor, address; CSV export. ---
  await page.getByRole('link', { name: 'Auditoría' }).click()
  await expect(page.getByRole('heading', { name: 'Registro de auditoría' })).toBeVisible()
  const audit = table(page, 'Registro de auditoría')
  const expectAudit = async (action: string, ...texts: string[]) => {
    await filter(page, { Autor: '' }, { Acción: action })
    const row = audit.getByRole('row').filter({ hasText: texts[0]! }).first()
    await expect(row).toBeVisible()
    for (const text of texts) await expect(row).toContainText(text)
    return row
  }
  await expectAudit('admin.create', E2E_ADMIN_EMAIL, 'Línea de comandos')
  await expectAudit('lead.status', 'Cuenta creada, acceso gratuito activo', E2E_ADMIN_EMAIL, 'Movió la solicitud de Contactada a Activada')
  await expectAudit('lead.status', 'Llamada por WhatsApp, agenda demo el jueves', 'Movió la solicitud de Nueva a Contactada')
  const deactivated = await expectAudit('user.deactivate', 'Suplantación reportada por el gimnasio', E2E_ADMIN_EMAIL, '127.0.0.1')
  // The subject by name, linked to the trainer's page (not its id).
  await expect(deactivated.getByRole('link', { name: 'Tomás Reyes' })).toBeVisible()
  await expectAudit('user.mail_resend', `Envió un enlace para crear la contraseña a ${trainerEmail}`)
  const plan = await expectAudit('business.update', 'Contrato Enterprise firmado el 20/11', 'Plan: Business → Enterprise')
  await expect(plan).toContainText('Operador')
  await expect(plan.getByRole('link', { name: businessName })).toBeVisible()
  await expect(audit).not.toContainText('{"')
  // A family filter: the trainer's revoked sessions are among the session events.
  await filter(page, {}, { Acción: 'session.*' })
  await expect(audit.getByRole('row').nth(1)).toContainText('session.revoke_all')
  await expectAccessible(page, 'audit')
  await screenshot(page, test.info(), 'admin-07-audit')

  await filter(page, { Autor: E2E_ADMIN_EMAIL }, { Acción: '' })
  const [auditCsv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()])
  const auditText = await csvOf(auditCsv)
  for (const text of ['lead.status', 'user.deactivate', 'business.update', 'Contrato Enterprise firmado el 20/11'])
    expect(auditText).toContain(text)
  expect(auditText).not.toContain(ADMIN_PASSWORD)

  // --- Money: the figures come from the API (this database has no client payments yet: zeros, not made-up numbers). ---
  await page.getByRole('link', { name: 'Dinero' }).click()
  const summary = page.getByRole('region', { name: 'Resumen' })
  await expect(summary.getByText('Ingreso mensual recurrente')).toBeVisible()
  // Months in words on Chile's calendar ("noviembre 2026"), not "2026-11".
  const months = summary.getByRole('table', { name: 'Comisión por mes (últimos 12)' })
  const thisMonth = new Intl.DateTimeFormat('es-CL', { month: 'long', year: 'numeric', timeZone: 'America/Santiago' }).format(new Date())
  await expect(months.getByRole('row').nth(1)).toContainText(thisMonth.replace(' de ', ' '))
  await expect(months).not.toContainText(/\d{4}-\d{2}/)
  // The trainer filter takes a name (no payments in this database: the empty state, not an error).
  await filter(page, { Entrenador: 'tomas reyes' })
  await expect(page.getByText('No hay movimientos con estos filtros.')).toBeVisible()
  await expect(page).toHaveURL(/trainerSearch=tomas\+reyes/)
  await filter(page, { Entrenador: '' }, { Tipo: 'refund' })
  await expect(page.getByText('No hay movimientos con estos filtros.')).toBeVisible()
  await expectAccessible(page, 'money')
  await screenshot(page, test.info(), 'admin-08-money')
  await other.close()
})

test.describe('at 375 px', () => {
  // @mobile-only: the mobile project (375 px) runs it; the desktop project leaves it out.
  test('operator console at 375 px: lists scroll inside their region, the page does not @mobile-only', async ({ page, request }) => {
    test.setTimeout(120_000)
    await setAdminPasswordOnce(request)
    await signInToConsole(page)
    for (const [link, heading, region] of [
      ['Solicitudes', 'Solicitudes de acceso', 'Solicitudes de acceso'],
      ['Entrenadores', 'Entrenadores', 'Entrenadores'],
      ['Gimnasios', 'Gimnasios', 'Gimnasios'],
      ['Auditoría', 'Registro de auditoría', 'Registro de auditoría'],
      ['Dinero', 'Dinero', 'Movimientos del libro contable'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Secciones de la consola' }).getByRole('link', { name: link }).click()
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
      const list = page.getByRole('region', { name: region }).or(page.getByText(/^No hay /))
      await expect(list.first()).toBeVisible()
      // No sideways scrolling of the page itself.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
      const scroller = page.getByRole('region', { name: region })
      if (await scroller.count()) {
        const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }))
        expect(scrollWidth).toBeGreaterThan(clientWidth)
        // Reachable by keyboard, so it can be scrolled without a pointer.
        await scroller.focus()
        await page.keyboard.press('ArrowRight')
      }
      await expectAccessible(page, `${link} 375px`)
      await screenshot(page, test.info(), `admin-mobile-${link}`)
    }
  })
})

// Issue 20, operators: a deletion request that arrived by e-mail is recorded, the account closed on
// it with a reason, the request shows handled (who, when), and the person can no longer sign in.
test('operator console: an e-mailed deletion request is recorded and answered by closing the account', async ({ page, request }) => {
  test.setTimeout(120_000)
  await setAdminPasswordOnce(request)
  const owner = await registerOwner(request, { businessName: `Gym Privacidad ${Date.now()}` })
  await signInToConsole(page)
  await page.getByRole('navigation', { name: 'Secciones de la consola' }).getByRole('link', { name: 'Privacidad' }).click()
  await expect(page.getByRole('heading', { name: 'Solicitudes de privacidad', level: 1 })).toBeVisible()

  const recordForm = page.locator('form').filter({ has: page.getByRole('button', { name: 'Registrar solicitud' }) })
  await recordForm.getByLabel('Solicitud', { exact: true }).selectOption('deletion')
  await recordForm.getByLabel('Correo de la cuenta').fill(owner.email)
  await recordForm.getByLabel('Nota').fill('Correo a privacidad@ pidiendo eliminar la cuenta')
  await recordForm.getByRole('button', { name: 'Registrar solicitud' }).click()
  await expect(page.getByText(`Solicitud registrada para ${owner.email}`)).toBeVisible()

  const row = table(page, 'Solicitudes de privacidad').getByRole('row').filter({ hasText: owner.email })
  await expect(row).toContainText('Eliminación')
  await expect(row).toContainText('Por correo')
  await expect(row).toContainText('Abierta')
  await expectAccessible(page, 'privacy requests')
  await screenshot(page, test.info(), 'admin-privacy-01-recorded')

  const close = row.getByRole('button', { name: 'Cerrar cuenta' })
  await close.click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('¿Cerrar la cuenta de Paula Muñoz?')
  await dialog.getByLabel('Motivo').fill('Solicitud de eliminación recibida por correo')
  await expectAccessible(page, 'close account dialog')
  await dialog.getByRole('button', { name: 'Cerrar cuenta' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Cuenta de Paula Muñoz cerrada')).toBeVisible()
  await expect(row).toContainText('Atendida')
  await expect(row).toContainText(E2E_ADMIN_EMAIL)
  await expect(row).toContainText('Cuenta cerrada')
  await expect(row).toContainText('Solicitud de eliminación recibida por correo')
  await expect(row.getByRole('button')).toHaveCount(0)
  // The trigger is gone with the answered request: focus stays in the list, not on <body>.
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY')
  await screenshot(page, test.info(), 'admin-privacy-02-closed')

  // The person cannot sign in any more.
  const login = await request.post('/api/v1/auth/business/login', { data: { email: owner.email, password: owner.password } })
  expect(login.status()).toBe(422)
  expect((await login.json()).errors).toEqual({ email: 'accountClosed' })
})
