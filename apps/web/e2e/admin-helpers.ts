import { expect, type Page } from '@playwright/test'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { adminLinkFile, E2E_ADMIN_EMAIL } from './admin-setup'

export { E2E_ADMIN_EMAIL } from './admin-setup'

/** The password the operator chooses through the command's link. */
export const ADMIN_PASSWORD = 'Operador-E2E-2026!'

const linkFile = adminLinkFile(Number(process.env.E2E_PORT ?? 3100))

/** The set-password link `admin:create` printed before the server started (path and query only). */
export function printedSetupLink(): string {
  const output = readFileSync(linkFile, 'utf8')
  expect(output).toContain(`Created platform admin ${E2E_ADMIN_EMAIL}.`)
  const url = new URL(/https?:\/\/\S+\/recuperar-password\?hash=\S+/.exec(output)![0])
  return `${url.pathname}${url.search}`
}

/**
 * The link works once. Whichever test (desktop or @mobile, possibly on two workers at once) claims
 * it first follows it in its browser and sets the password; the other waits until that is done.
 * Returns whether this test set it.
 */
export async function setAdminPasswordOnce(page: Page): Promise<boolean> {
  let claimed = false
  try {
    writeFileSync(`${linkFile}.claimed`, '', { flag: 'wx' })
    claimed = true
  } catch {
    // claimed by the other test
  }
  if (!claimed) {
    await expect.poll(() => existsSync(`${linkFile}.ready`), { timeout: 60_000 }).toBe(true)
    return false
  }
  await page.goto(printedSetupLink())
  await expect(page.getByRole('heading', { name: 'Crear nueva contraseña' })).toBeVisible()
  await page.getByLabel('Nueva contraseña').fill(ADMIN_PASSWORD)
  await page.getByLabel('Confirmar contraseña').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Guardar contraseña' }).click()
  await expect(page.getByRole('heading', { name: 'Contraseña actualizada' })).toBeVisible()
  writeFileSync(`${linkFile}.ready`, '')
  return true
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

/** A person's session in local storage, as a login would leave it (same-origin page without the app first). */
export async function storeSession(page: Page, session: { user: unknown; token: string; refreshToken: string }) {
  await page.goto('/api/health')
  await page.evaluate((s) => {
    localStorage.setItem('entrenapp.user', JSON.stringify(s.user))
    localStorage.setItem('entrenapp.token', s.token)
    localStorage.setItem('entrenapp.refreshToken', s.refreshToken)
  }, session)
}
