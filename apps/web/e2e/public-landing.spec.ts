import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './support'

const APP_STORE = 'https://apps.apple.com/cl/app/entrenapp/id0000000000'

/** Scrolls through the page so lazily rendered parts (images, the form) are in place. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y)
      await new Promise((r) => setTimeout(r, 30))
    }
  })
  await expect(page.getByLabel('Nombre')).toBeVisible()
}

/** A one-finger horizontal swipe by `dx` pixels from `from`. */
async function swipe(page: Page, from: { x: number; y: number }, dx: number) {
  const cdp = await page.context().newCDPSession(page)
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: from.y }] })
  await touch('touchStart', from.x)
  for (let i = 1; i <= 10; i++) await touch('touchMove', from.x + (dx * i) / 10)
  await touch('touchEnd', from.x + dx)
  await cdp.detach()
}

const carousel = (page: Page) => page.getByRole('region', { name: 'Capturas de la app' })
const currentDot = (page: Page) => carousel(page).locator('button[aria-current="true"]')

test.describe('landing page', () => {
  test('sections in the order of the spec, social proof, title and description @mobile', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveTitle('Entrenapp · Plataforma para entrenadores personales y gimnasios en Chile')
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /30 días gratis/)
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', '/og-image.png')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    const order = await page.evaluate(() =>
      ['hero-title', 'trainers', 'business', 'clients', 'features', 'screens-title', 'testimonials', 'pricing', 'faq', 'free-access'].map(
        (id) => document.getElementById(id)!.getBoundingClientRect().top + window.scrollY,
      ),
    )
    expect(order).toEqual([...order].sort((a, b) => a - b))
    const footerTop = await page.locator('footer').evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
    expect(footerTop).toBeGreaterThan(order.at(-1)!)

    for (const [value, label] of [
      ['100+', 'entrenadores'],
      ['1.000+', 'clientes'],
      ['5k+', 'sesiones'],
      ['98%', 'satisfacción'],
    ]) {
      await expect(page.locator('dl div').filter({ hasText: label }).locator('dd')).toHaveText(value)
    }
  })

  test('desktop header: anchor links go to their sections; the call to action goes to sign-up', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Secciones' })
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeHidden()
    for (const [label, id] of [
      ['Características', 'features'],
      ['Precios', 'pricing'],
      ['Testimonios', 'testimonials'],
      ['FAQ', 'faq'],
    ]) {
      const link = nav.getByRole('link', { name: label })
      await expect(link).toHaveAttribute('href', `#${id}`)
      await link.click()
      await expect(page).toHaveURL(new RegExp(`#${id}$`))
      await expect(page.locator(`#${id}`)).toBeInViewport()
    }
    await page.getByRole('banner').getByRole('link', { name: 'Únete como entrenador' }).click()
    await expect(page).toHaveURL(/\/auth\/register$/)
  })

  test('small screens: the anchor links are hidden and a menu holds them @mobile', async ({ page }) => {
    test.skip(page.viewportSize()!.width >= 768, 'menu only below 768 px')
    await page.goto('/')
    await expect(page.getByRole('navigation', { name: 'Secciones' })).toBeHidden()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Precios' })).toBeHidden()

    const menuButton = page.getByRole('button', { name: 'Abrir menú' })
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
    await menuButton.click()
    const menu = page.getByRole('navigation', { name: 'Menú' })
    await expect(menu).toBeVisible()
    await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true')
    await expect(menu.getByRole('link')).toHaveText(['Características', 'Precios', 'Testimonios', 'FAQ'])

    await menu.getByRole('link', { name: 'Precios' }).click()
    await expect(page).toHaveURL(/#pricing$/)
    await expect(page.locator('#pricing')).toBeInViewport()
    await expect(menu).toBeHidden()

    // Escape closes it too.
    await page.getByRole('button', { name: 'Abrir menú' }).click()
    await expect(menu).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()

    // The call to action is not in the menu: it stays in the header on every width (spec §2).
    await expect(page.getByRole('banner').getByRole('link', { name: 'Únete como entrenador' })).toBeVisible()
    await page.getByRole('banner').getByRole('link', { name: 'Únete como entrenador' }).click()
    await expect(page).toHaveURL(/\/auth\/register$/)
  })

  test('hero: "Ver demo" opens a dialog saying the video is coming soon; the other button goes to sign-up @mobile', async ({ page }) => {
    await page.goto('/')
    const demo = page.getByRole('button', { name: 'Ver demo' })
    await demo.click()
    const dialog = page.getByRole('dialog', { name: 'Demo de Entrenapp' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('El video demo estará disponible muy pronto')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(demo).toBeFocused()

    await demo.click()
    await dialog.getByRole('button', { name: 'Entendido' }).click()
    await expect(dialog).toBeHidden()
    await demo.click()
    await dialog.getByRole('button', { name: 'Cerrar' }).click()
    await expect(dialog).toBeHidden()

    await page.getByRole('link', { name: 'Comenzar gratis' }).click()
    await expect(page).toHaveURL(/\/auth\/register$/)
  })

  test('audience cards: business button disabled "Próximamente"; clients opens the app store in a new tab, safely @mobile', async ({
    page,
    context,
  }) => {
    await context.route('https://apps.apple.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>App Store</title>' }),
    )
    await page.goto('/')
    await expect(page.locator('#trainers').getByRole('link', { name: 'Únete como entrenador' })).toHaveAttribute('href', '/auth/register')
    const business = page.locator('#business').getByRole('button', { name: 'Próximamente' })
    await expect(business).toBeDisabled()

    const store = page.locator('#clients').getByRole('link', { name: /Descargar la app/ })
    await expect(store).toHaveAttribute('target', '_blank')
    await expect(store).toHaveAttribute('rel', 'noopener noreferrer')
    const [popup] = await Promise.all([page.waitForEvent('popup'), store.click()])
    await expect(popup).toHaveURL(APP_STORE)
    // noopener: the new tab cannot reach back into this page.
    expect(await popup.evaluate(() => window.opener)).toBeNull()
    await expect(page).toHaveURL(/\/$/)
  })

  test('carousel: three screenshots, auto-advance every 4 s, pause on hover, previous/next and dots', async ({ page }) => {
    // The page's clock moves only when the test says: the 4 s steps are exact, with no sleeps.
    await page.clock.install()
    await page.goto('/')
    const region = carousel(page)
    await region.scrollIntoViewIfNeeded()
    await expect(region).toHaveAttribute('data-engine', 'ready')
    await page.mouse.move(0, 0)
    // Slides out of view are hidden from assistive technology, so count them in the DOM.
    await expect(region.locator('[aria-roledescription="diapositiva"]')).toHaveCount(3)
    await expect(region.getByRole('group')).toHaveCount(1)
    for (const img of await region.locator('img').all()) {
      await expect(img).toHaveAttribute('src', /\.webp$/)
      await expect(img).toHaveAttribute('width', '300')
      await expect(img).toHaveAttribute('height', '600')
    }
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 1/)

    // Two steps, 4 s apart.
    await page.clock.runFor(3_900)
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 1/)
    await page.clock.runFor(200)
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 2/)
    await page.clock.runFor(4_000)
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 3/)

    // Hovered: it stays put.
    await region.getByRole('group').locator('img').hover()
    await expect(region).toHaveAttribute('data-playing', 'false')
    await page.clock.runFor(10_000)
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 3/)
    await page.mouse.move(0, 0)
    await expect(region).toHaveAttribute('data-playing', 'true')
    await page.clock.runFor(4_000)
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 1/)

    // Controls (focus inside pauses the rotation, so these steps are not raced by it).
    await region.getByRole('button', { name: 'Captura siguiente' }).click()
    await expect(region).toHaveAttribute('data-playing', 'false')
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 2/)
    await expect(region.getByRole('group', { name: /^2 de 3/ })).toBeVisible()
    await region.getByRole('button', { name: 'Captura anterior' }).click()
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 1/)
    await region.getByRole('button', { name: 'Captura anterior' }).click()
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 3/)
    await region.getByRole('button', { name: 'Ver captura 2: Rutina del cliente' }).click()
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 2/)
    await expect(region.getByRole('group', { name: '2 de 3: Rutina del cliente' })).toBeVisible()
    await page.clock.runFor(8_000)
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 2/)
  })

  test('carousel on a small screen: controls work by touch-sized buttons and the pause button stops it @mobile', async ({ page }) => {
    await page.clock.install()
    await page.goto('/')
    const region = carousel(page)
    await region.scrollIntoViewIfNeeded()
    // The carousel engine loads as the section nears the viewport.
    await expect(region).toHaveAttribute('data-engine', 'ready')
    const next = region.getByRole('button', { name: 'Captura siguiente' })
    const box = (await next.boundingBox())!
    expect(box.width).toBeGreaterThanOrEqual(24)
    await next.click()
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 2/)
    // A swipe moves on too (real touch events through the DevTools protocol).
    await page.locator('body').click({ position: { x: 2, y: 2 } })
    await region.getByRole('button', { name: 'Pausar carrusel' }).click()
    await region.getByRole('group').locator('figcaption').scrollIntoViewIfNeeded()
    const caption = (await region.getByRole('group').locator('figcaption').boundingBox())!
    const slide = (await region.getByRole('group').boundingBox())!
    await swipe(page, { x: slide.x + slide.width * 0.8, y: caption.y + caption.height / 2 }, slide.width * -0.6)
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 3/)
    await region.getByRole('button', { name: 'Reproducir carrusel' }).click()
    await region.getByRole('button', { name: 'Ver captura 2: Rutina del cliente' }).click()
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 2/)
    await region.getByRole('button', { name: 'Ver captura 3: Progreso' }).click()
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 3/)
    await region.getByRole('button', { name: 'Pausar carrusel' }).click()
    await expect(region.getByRole('button', { name: 'Reproducir carrusel' })).toBeVisible()
    await page.locator('body').click({ position: { x: 2, y: 2 } })
    await page.clock.runFor(8_000)
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 3/)
  })

  test('carousel controls work and keep focus even when its engine has not arrived @mobile', async ({ page }) => {
    await page.route('**/assets/embla-carousel*', (route) => route.abort())
    await page.goto('/')
    const region = carousel(page)
    await region.scrollIntoViewIfNeeded()
    await page.mouse.move(0, 0)
    const shown = (name: string) => region.getByRole('group', { name })
    await expect(shown('1 de 3: Agenda del día')).toBeInViewport()
    const next = region.getByRole('button', { name: 'Captura siguiente' })
    await next.focus()
    await page.keyboard.press('Enter')
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 2/)
    await expect(shown('2 de 3: Rutina del cliente')).toBeInViewport({ ratio: 0.9 })
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await expect(shown('1 de 3: Agenda del día')).toBeInViewport({ ratio: 0.9 })
    await expect(next).toBeFocused()
    await expect(region).toHaveAttribute('data-engine', 'off')
  })

  test('carousel does not move by itself when the visitor prefers reduced motion @mobile', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.clock.install()
    await page.goto('/')
    const region = carousel(page)
    await region.scrollIntoViewIfNeeded()
    await page.mouse.move(0, 0)
    await expect(region).toHaveAttribute('data-engine', 'ready')
    await expect(region.getByRole('button', { name: 'Reproducir carrusel' })).toBeVisible()
    await expect(region).toHaveAttribute('data-playing', 'false')
    await page.clock.runFor(10_000)
    await expect(currentDot(page)).toHaveAccessibleName(/Ver captura 1/)
  })

  test('FAQ items open and close independently; several can be open @mobile', async ({ page }) => {
    await page.goto('/')
    const faq = page.locator('#faq')
    const items = faq.locator('details')
    await expect(items).toHaveCount(7)
    const q1 = faq.getByText('¿Cómo funciona la prueba gratuita?')
    const q2 = faq.getByText('¿Cuánto cuesta cada plan?')
    await q1.click()
    await q2.click()
    await expect(items.nth(0)).toHaveAttribute('open', '')
    await expect(items.nth(1)).toHaveAttribute('open', '')
    await expect(faq.getByText(/30 días gratis/)).toBeVisible()
    // The price answer reads the same catalogue as the pricing cards.
    await expect(faq.getByText(/Starter \$19\.000, Growth \$48\.000 y Pro \$75\.000 CLP al mes/)).toBeVisible()
    await q1.click()
    await expect(items.nth(0)).not.toHaveAttribute('open', '')
    await expect(items.nth(1)).toHaveAttribute('open', '')
    // Keyboard: Enter on a focused question toggles it.
    await faq.locator('summary').nth(2).focus()
    await page.keyboard.press('Enter')
    await expect(items.nth(2)).toHaveAttribute('open', '')
    await expect(items.nth(1)).toHaveAttribute('open', '')
  })

  test('pricing renders the four plans from GET /plans @mobile', async ({ page }) => {
    await page.goto('/#pricing')
    const pricing = page.locator('#pricing')
    await expect(pricing.locator('[data-plan]')).toHaveCount(4)
    const starter = pricing.locator('[data-plan="starter"]')
    await expect(starter).toContainText('Más Popular')
    await expect(starter).toContainText('$19.000')
    await expect(starter).toContainText('USD 20')
    await expect(starter.getByRole('link', { name: 'Comenzar prueba gratis' })).toHaveAttribute('href', '/auth/register')
    await expect(pricing.locator('[data-plan="growth"]')).toContainText('$48.000')
    await expect(pricing.locator('[data-plan="pro"]')).toContainText('$75.000')
    await expect(pricing.locator('[data-plan="growth"]').getByRole('button', { name: 'Próximamente' })).toBeDisabled()
    const business = pricing.locator('[data-plan="business"]')
    await expect(business).toContainText('Por acuerdo')
    await expect(business.getByRole('link', { name: 'Contactar ventas' })).toHaveAttribute('href', /^mailto:ventas@entrenapp\.cl/)
    await expect(pricing).toContainText('30 días de prueba gratis en todos los planes')
    await expect(pricing).toContainText('Cancela cuando quieras')
    // No price on screen disagrees with the catalogue (decision 003).
    await expect(page.locator('body')).not.toContainText('20.000')
    await expect(page.locator('body')).not.toContainText('50.000')
    await expect(page.locator('body')).not.toContainText('80.000')
  })

  test('pricing: the catalogue comes with the page and stays when GET /plans fails; reached inside the app, a skeleton while loading and an error with retry', async ({
    page,
  }) => {
    let fail = true
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    let asked = 0
    await page.route('**/api/v1/plans', async (route) => {
      asked += 1
      if (fail)
        return route.fulfill({ status: 503, contentType: 'application/json', body: '{"status":503,"message":"Service unavailable"}' })
      await held
      return route.continue()
    })
    // Decision 083: the prerendered page carries the catalogue; once the app starts it asks again.
    await page.goto('/#pricing')
    const pricing = page.locator('#pricing')
    await expect(pricing.locator('[data-plan]')).toHaveCount(4)
    await page.mouse.move(10, 10)
    await expect.poll(() => asked).toBeGreaterThan(0)
    await expect(pricing.locator('[data-plan]')).toHaveCount(4)
    await expect(pricing.getByRole('alert')).toHaveCount(0)

    // A screen without the catalogue in its page (not prerendered), then the logo: loading, error, retry.
    await page.evaluate(() => {
      localStorage.setItem('entrenapp.signup.email', 'skeleton@example.com')
      localStorage.setItem('entrenapp.signup.userId', '00000000-0000-4000-8000-000000000000')
    })
    await page.goto('/auth/select-plan')
    await page.getByRole('link', { name: 'Entrenapp' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(pricing.getByRole('alert')).toContainText('No se pudieron cargar los planes', { timeout: 15_000 })
    fail = false
    await pricing.getByRole('button', { name: 'Reintentar' }).click()
    await expect(pricing.getByRole('status')).toHaveText('Cargando planes…')
    await expect(pricing.locator('[aria-busy="true"] li')).toHaveCount(4)
    release()
    await expect(pricing.locator('[data-plan]')).toHaveCount(4)
    await expect(pricing.getByRole('alert')).toHaveCount(0)
  })

  test('free-access form: all fields required, sending state, success toast, cleared form, sales inbox notified @mobile', async ({
    page,
    request,
  }) => {
    await page.goto('/')
    await page.locator('#free-access').scrollIntoViewIfNeeded()
    const submit = page.getByRole('button', { name: 'Solicitar acceso gratuito' })
    let posts = 0
    page.on('request', (r) => r.url().endsWith('/api/v1/forms') && r.method() === 'POST' && posts++)

    await submit.click()
    await expect(page.getByText('Por favor completa todos los campos')).toBeVisible()
    await expect(page.getByLabel('Nombre')).toHaveAttribute('aria-invalid', 'true')
    await page.getByLabel('Nombre').fill('Ana Pérez')
    await page.getByLabel('Email').fill('ana@example.com')
    await page.getByLabel('Teléfono (WhatsApp)').fill('   ')
    await page.getByLabel('Ciudad').fill('Santiago')
    await submit.click()
    await expect(page.getByText('Por favor completa todos los campos')).toBeVisible()
    expect(posts).toBe(0)
    // Over-long input stops at the limit instead of failing silently.
    await page.getByLabel('Ciudad').fill('x'.repeat(200))
    await expect(page.getByLabel('Ciudad')).toHaveValue('x'.repeat(120))
    await page.getByLabel('Ciudad').fill('Santiago')

    const email = `lead-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Teléfono (WhatsApp)').fill('+56 9 8765 4321')
    // Hold the request so the sending state can be seen.
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    await page.route('**/api/v1/forms', async (route) => {
      await held
      await route.continue()
    })
    await submit.click()
    const sending = page.getByRole('button', { name: 'Enviando...' })
    await expect(sending).toBeDisabled()
    await expect(page.getByText('Por favor completa todos los campos')).toBeHidden()
    release()

    await expect(page.getByText('Solicitud enviada exitosamente')).toBeVisible()
    await expect(page.getByText('Te contactaremos pronto para activar tu acceso gratuito a Entrenapp.')).toBeVisible()
    for (const label of ['Nombre', 'Email', 'Teléfono (WhatsApp)', 'Ciudad']) await expect(page.getByLabel(label)).toHaveValue('')
    await expect(page.getByRole('button', { name: 'Solicitar acceso gratuito' })).toBeEnabled()
    expect(posts).toBe(1)

    await expect
      .poll(async () => {
        const res = await request.get('/dev/mailbox.json?to=ventas@entrenapp.cl&limit=200')
        const { data } = (await res.json()) as { data: Array<{ text: string }> }
        return data.find((m) => m.text.includes(email))?.text ?? ''
      })
      .toContain('WhatsApp: +56 9 8765 4321')
  })

  test('free-access form: a failed request shows the error toast and keeps what was typed @mobile', async ({ page }) => {
    await page.route('**/api/v1/forms', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500,"message":"Internal server error"}' }),
    )
    await page.goto('/')
    await page.locator('#free-access').scrollIntoViewIfNeeded()
    await page.getByLabel('Nombre').fill('Ana Pérez')
    await page.getByLabel('Email').fill('ana@example.com')
    await page.getByLabel('Teléfono (WhatsApp)').fill('+56 9 1234 5678')
    await page.getByLabel('Ciudad').fill('Valparaíso')
    await page.getByRole('button', { name: 'Solicitar acceso gratuito' }).click()
    await expect(page.getByText('Ocurrió un error al enviar tu solicitud. Por favor intenta nuevamente.')).toBeVisible()
    await expect(page.getByLabel('Ciudad')).toHaveValue('Valparaíso')
    await expect(page.getByRole('button', { name: 'Solicitar acceso gratuito' })).toBeEnabled()
  })

  test('footer links to the privacy policy and the terms @mobile', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    await footer.getByRole('link', { name: 'Política de privacidad' }).click()
    await expect(page).toHaveURL(/\/privacidad$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible()
    await page.goBack()
    await page.getByRole('contentinfo').getByRole('link', { name: 'Términos y condiciones' }).click()
    await expect(page).toHaveURL(/\/terminos$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeVisible()
  })

  test('loads without the business or sign-up code, without layout shift, and fits the width @mobile', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname))
    await page.addInitScript(() => {
      ;(window as unknown as { __cls: number }).__cls = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto('/', { waitUntil: 'networkidle' })
    await expect(page.locator('#pricing [data-plan]')).toHaveCount(4)
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.05)
    await scrollThrough(page)
    expect(scripts.filter((s) => /\/(business|trainer)-[\w-]+\.js$/.test(s))).toEqual([])
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width)
  })

  test('keyboard: a skip link, then every control shows a visible focus ring @mobile', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Saltar al contenido' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Tab')
    const outline = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement
      const style = getComputedStyle(el)
      return { tag: el.tagName, outline: style.outlineStyle, width: parseFloat(style.outlineWidth), shadow: style.boxShadow }
    })
    expect(outline.tag).toBe('A')
    expect(outline.outline !== 'none' && outline.width > 0).toBe(true)
  })

  test('axe: no serious or critical violation on the landing page @mobile', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('#pricing [data-plan]')).toHaveCount(4)
    await scrollThrough(page)
    await expectAccessible(page, page.url())
    // Also with the dialog open.
    await page.getByRole('button', { name: 'Ver demo' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectAccessible(page, page.url())
  })
})
