import { expect, test } from '@playwright/test'
import { expectAccessible } from './support'

const noAreaCode = (scripts: string[]) => expect(scripts.filter((s) => /\/(business|trainer)-[\w-]+\.js$/.test(s))).toEqual([])

test.describe('/precios', () => {
  test('four plans from the catalogue, a short FAQ, trial and billing facts, title and description @mobile', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname))
    await page.goto('/precios')
    await expect(page).toHaveTitle('Precios · Entrenapp')
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Starter, Growth, Pro y Business/)
    await expect(page.getByRole('heading', { level: 1, name: 'Planes y precios' })).toBeVisible()

    const plans = page.locator('[data-plan]')
    await expect(plans).toHaveCount(4)
    await expect(plans.locator('h2')).toHaveText(['Starter', 'Growth', 'Pro', 'Business'])
    await expect(page.locator('[data-plan="starter"]')).toContainText('Más Popular')
    await expect(page.locator('[data-plan="starter"]')).toContainText('$19.000')
    await expect(page.locator('[data-plan="growth"]')).not.toContainText('Más Popular')
    await expect(page.locator('[data-plan="business"]')).toContainText('Por acuerdo')
    await expect(page.locator('[data-plan="business"]').getByRole('link', { name: 'Contactar ventas' })).toHaveAttribute(
      'href',
      /^mailto:ventas@entrenapp\.cl/,
    )
    await expect(page.getByText('30 días de prueba gratis en todos los planes')).toBeVisible()
    await expect(page.getByText('Facturación mensual con renovación automática')).toBeVisible()
    await expect(page.getByText('Cancela cuando quieras')).toBeVisible()

    const faq = page.locator('details')
    await expect(faq).toHaveCount(4)
    await page.getByText('¿Puedo cancelar en cualquier momento?').click()
    await page.getByText('¿Cuánto cuesta cada plan?').click()
    await expect(faq.filter({ hasText: '¿Puedo cancelar' })).toHaveAttribute('open', '')
    await expect(faq.filter({ hasText: '¿Cuánto cuesta' })).toHaveAttribute('open', '')
    await expect(page.getByText(/Starter \$19\.000, Growth \$48\.000 y Pro \$75\.000/)).toBeVisible()

    // The header's section links lead back to the landing page.
    const anchors = page.getByRole('banner').locator('a[href^="/#"]')
    await expect(anchors).toHaveCount(4 * 2)
    noAreaCode(scripts)
  })

  test('axe: no serious or critical violation on /precios @mobile', async ({ page }) => {
    await page.goto('/precios')
    await expect(page.locator('[data-plan]')).toHaveCount(4)
    await expectAccessible(page, page.url())
  })
})

test.describe('/privacidad', () => {
  test('a complete policy consistent with spec §9, with a download-app button in the header @mobile', async ({ page, context }) => {
    await context.route('https://apps.apple.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>App Store</title>' }),
    )
    const scripts: string[] = []
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname))
    await page.goto('/privacidad')
    await expect(page).toHaveTitle('Política de privacidad · Entrenapp')
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /datos personales/)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible()
    // The version people accept (PRIVACY_VERSION), written for Ley 21.719; it states only what the code does (issue 20).
    await expect(main).toContainText('Última actualización: 1 de diciembre de 2026')
    await expect(main).toContainText('Ley N° 21.719')
    await expect(main).toContainText('descargar todos tus datos en un archivo')
    await expect(main).toContainText('30 días corridos')
    await expect(main).toContainText('16 años o más')
    await expect(main).toContainText('autenticación basada en tokens')
    await expect(main).toContainText('proveedor de pagos')
    await expect(main).toContainText('nunca ve ni almacena números de tarjeta')
    await expect(main).toContainText('90 días')
    await expect(main.getByRole('heading', { level: 2 })).toHaveCount(11)

    const download = page.getByRole('banner').getByRole('link', { name: /Descargar la app/ })
    await expect(download).toBeVisible()
    await expect(download).toHaveAttribute('rel', 'noopener noreferrer')
    const [popup] = await Promise.all([page.waitForEvent('popup'), download.click()])
    await expect(popup).toHaveURL(/apps\.apple\.com/)

    // The table of contents jumps to a section.
    await main.getByRole('link', { name: 'Cuánto tiempo guardamos tus datos' }).click()
    await expect(page.locator('#conservacion')).toBeInViewport()
    noAreaCode(scripts)
  })

  test('axe: no serious or critical violation on /privacidad @mobile', async ({ page }) => {
    await page.goto('/privacidad')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(page, page.url())
  })
})

test.describe('/terminos', () => {
  test('complete terms consistent with spec §9: age, trial, billing, commission split @mobile', async ({ page }) => {
    await page.goto('/terminos')
    await expect(page).toHaveTitle('Términos y condiciones · Entrenapp')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeVisible()
    await expect(main).toContainText('Última actualización: 1 de diciembre de 2026')
    await expect(main).toContainText('16 años')
    await expect(main).toContainText('prueba gratuita de 30 días')
    await expect(main).toContainText('mensualmente')
    await expect(main).toContainText('cancelar en cualquier momento')
    await expect(main).toContainText('comisión del 5%')
    await expect(main).toContainText('60% para el entrenador, 35% para el gimnasio y 5% para la plataforma')
    await expect(main).toContainText('90 días')
    await main.getByRole('link', { name: 'Política de privacidad' }).click()
    await expect(page).toHaveURL(/\/privacidad$/)
  })

  test('axe: no serious or critical violation on /terminos @mobile', async ({ page }) => {
    await page.goto('/terminos')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(page, page.url())
  })
})
