import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { adminLinkFile, E2E_ADMIN_EMAIL } from './admin-setup'

export { E2E_ADMIN_EMAIL } from './admin-setup'
export { storeSession } from './support'

/** The password the operator chooses through the command's link. */
export const ADMIN_PASSWORD = 'Operador-E2E-2026!'

/** The port of the server the running test talks to: the main one, or the Mercado Pago one (decision 249). */
export const serverPort = () => {
  const base = test.info().project.use.baseURL
  return base ? Number(new URL(base).port) : Number(process.env.E2E_PORT ?? 3100)
}

/** The set-password link `admin:create` printed before the server started (path and query only). */
export function printedSetupLink(): string {
  const output = readFileSync(adminLinkFile(serverPort()), 'utf8')
  expect(output).toContain(`Created platform admin ${E2E_ADMIN_EMAIL}.`)
  const url = new URL(/https?:\/\/\S+\/recuperar-password\?hash=\S+/.exec(output)![0])
  return `${url.pathname}${url.search}`
}

/**
 * Sets the operator's password through the printed link, by the API (decision 102): the link works
 * once, so whichever test comes first uses it and any other (in any order, on any worker) waits
 * until the operator can sign in.
 */
export async function setAdminPasswordOnce(request: APIRequestContext) {
  const hash = new URLSearchParams(printedSetupLink().split('?')[1]).get('hash')
  const set = await request.post('/api/v1/auth/reset/password', { data: { hash, password: ADMIN_PASSWORD } })
  if (set.status() === 200) return
  expect(set.status(), await set.text()).toBe(422) // used already
  await expect
    .poll(
      async () => (await request.post('/api/v1/auth/email/login', { data: { email: E2E_ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status(),
      {
        timeout: 30_000,
      },
    )
    .toBe(200)
}

/** Opens the console anonymously (sent to its sign-in), signs in, and lands on the leads. */
export async function signInToConsole(page: Page) {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin/)
  await expect(page.getByRole('heading', { name: 'Consola de operadores' })).toBeVisible()
  await page.getByLabel('Correo electrónico').fill(E2E_ADMIN_EMAIL)
  await page.getByLabel('Contraseña').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  await expect(page).toHaveURL(/\/admin\/leads$/)
  await expect(page.getByRole('heading', { name: 'Solicitudes de acceso' })).toBeVisible()
}
