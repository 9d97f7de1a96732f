// Issue 25 end to end: the client's progress page (decision 219). At 375 px a client consents,
// logs weights and a measurement, reads the chart and a record, uploads a photo and deletes it;
// in English, two years of daily weights draw, and consent is withdrawn. axe on each screen.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { expectAccessible, screenshot, storeSession } from './support'
import { payingClientThroughApi, trainerThroughApi, type Session } from './trainer-helpers'

const santiagoDay = (offsetDays: number) => {
  const [y, m, d] = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santiago' }).split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d! + offsetDays, 12)).toISOString().slice(0, 10)
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status)
  return (await response.json()) as T
}

/** A one-week program started six days ago (three training days) and a bench press of 50 kg × 5 logged on day 1. */
async function programWithALoggedSet(request: APIRequestContext, trainer: Session, client: Session) {
  const auth = { authorization: `Bearer ${trainer.token}` }
  const list = await ok<{ data: { id: string; nameEs: string }[] }>(
    await request.get(`/api/v1/exercises?q=${encodeURIComponent('Press banca con barra')}`, { headers: auth }),
  )
  const bench = list.data.find((e) => e.nameEs === 'Press banca con barra')!.id
  const item = { exerciseId: bench, sets: 3, reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 50 } }
  const days = [1, 3, 5].map((day) => ({ day, title: `Día ${day}`, items: [item] }))
  const program = await ok<{ id: string }>(
    await request.post('/api/v1/trainer/programs', { headers: auth, data: { title: 'Fuerza', content: { weeks: [{ days }] } } }),
    201,
  )
  const { data } = await ok<{ data: { id: string }[] }>(
    await request.post(`/api/v1/trainer/programs/${program.id}/assignments`, {
      headers: auth,
      data: { clientUserIds: [client.user.id], startDate: santiagoDay(-6) },
    }),
    201,
  )
  await ok(
    await request.post('/api/v1/client/set-logs', {
      headers: { authorization: `Bearer ${client.token}` },
      data: {
        idempotencyKey: `e2e-progress-${data[0]!.id}`,
        assignmentId: data[0]!.id,
        week: 1,
        day: 1,
        itemKey: 'w1d1e1',
        setNumber: 1,
        reps: 5,
        loadKg: 50,
        performedAt: new Date(Date.now() - 6 * 86_400_000).toISOString(),
      },
    }),
    201,
  )
}

/** A small real photo (a JPEG drawn on a canvas), as a phone's camera would hand it over. */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 300
    canvas.height = 400
    const g = canvas.getContext('2d')!
    g.fillStyle = '#2a9d8f'
    g.fillRect(0, 0, 300, 400)
    g.fillStyle = '#e9c46a'
    g.fillRect(100, 60, 100, 280)
    return canvas.toDataURL('image/jpeg', 0.9)
  })
  return Buffer.from(dataUrl.split(',')[1]!, 'base64')
}

const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)

test('@mobile-only a client consents, logs weights and a waist, reads the chart and a record, uploads a photo and deletes it (es, 375 px)', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000)
  const trainer = await trainerThroughApi(request)
  const client = await payingClientThroughApi(request, trainer, { firstName: 'Ana' })
  await programWithALoggedSet(request, trainer, client)
  await storeSession(page, client)

  // From "Hoy", the tab bar leads to Progreso.
  await page.goto('/cliente')
  await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Progreso' }).click()
  await expect(page).toHaveURL(/\/cliente\/progreso$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Tu progreso' })).toBeVisible({ timeout: 30_000 })

  // Consent first: no form before it.
  await expect(page.getByText(/^Autorizo que se guarden mi peso/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Guardar' })).toHaveCount(0)
  await expectAccessible(page, 'progress consent (es)')
  await screenshot(page, testInfo, 'progress-consent-375-es')
  await page.getByRole('button', { name: 'Autorizo' }).click()
  await expect(page.getByText('Autorización guardada.')).toBeVisible()
  // The button is gone: focus lands on the form that took its place (once it is mounted).
  await expect(page.getByRole('heading', { name: 'Registrar' })).toBeFocused()

  // Yesterday 80,5 kg, then today 79,9 kg with the waist (decimal comma).
  const form = page.getByRole('region', { name: 'Registrar' })
  await form.getByLabel('Fecha').fill(santiagoDay(-1))
  await form.getByLabel('Peso (kg)').fill('80,5')
  await form.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Registro guardado.')).toBeVisible()
  // A wrong value is refused on its field in words, nothing is sent.
  await form.getByLabel('Fecha').fill(santiagoDay(0))
  await form.getByLabel('Peso (kg)').fill('5')
  await form.getByRole('button', { name: 'Guardar' }).click()
  await expect(form.getByText('El peso es demasiado bajo')).toBeVisible()
  await form.getByLabel('Peso (kg)').fill('79,9')
  await form.getByLabel('Cintura (cm)').fill('82,5')
  await form.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Registro guardado.').first()).toBeVisible()

  // The chart, its sentence and its table, in Chilean notation.
  const weight = page.getByRole('figure', { name: 'Peso corporal' })
  await expect(weight.getByText(/De 80,5 kg el .+ a 79,9 kg hoy: -0,6 kg\./)).toBeVisible()
  await expect(weight.locator('path.trend-line')).toHaveCount(1)
  await weight.getByText('Ver los datos como tabla').click()
  await expect(weight.getByRole('table', { name: 'Peso corporal' }).getByRole('row')).toHaveCount(3)
  await expect(weight.getByRole('cell', { name: '79,9 kg' })).toBeVisible()
  await expect(page.getByRole('figure', { name: 'Cintura' }).getByText(/Un registro: 82,5 cm/)).toBeVisible()
  await weight.scrollIntoViewIfNeeded()
  await screenshot(page, testInfo, 'progress-chart-375-es', false)

  // The record from the logs, and this week's adherence.
  const records = page.getByRole('region', { name: 'Marcas personales' })
  await expect(records.getByRole('heading', { name: 'Press banca con barra' })).toBeVisible()
  await expect(records.getByText('1RM estimado: 58,3 kg')).toBeVisible()
  await expect(records.getByText('5 repeticiones')).toBeVisible()
  await expect(
    page.getByRole('figure', { name: 'Sesiones por semana' }).getByText(/sesiones hechas|no tienes sesiones asignadas/),
  ).toBeVisible()

  // A photo from the "camera", shown through its short-lived link, then deleted.
  const photos = page.getByRole('region', { name: 'Fotos de progreso' })
  await photos.getByText('Perfil', { exact: true }).click()
  await page
    .getByTestId('progress-photo-input')
    .setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto(page) })
  await expect(page.getByText('Foto guardada.')).toBeVisible()
  const thumb = photos.getByRole('img', { name: /^Foto de perfil del / })
  await expect(thumb).toBeVisible()
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  expect(await thumb.getAttribute('src')).toMatch(/\/api\/v1\/progress-photos\/.+\/image\?size=thumb&expires=\d+&sig=/)

  await noSideScroll(page)
  await expectAccessible(page, 'progress page (es)')
  await screenshot(page, testInfo, 'progress-375-es')

  await photos.getByRole('button', { name: /^Borrar foto de perfil del / }).click()
  const dialog = page.getByRole('alertdialog', { name: '¿Borrar esta foto?' })
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused()
  await expectAccessible(page, 'delete photo dialog (es)')
  await dialog.getByRole('button', { name: 'Borrar' }).click()
  await expect(page.getByText('Foto borrada.')).toBeVisible()
  await expect(photos.getByText('Aún no tienes fotos.')).toBeVisible()
  // Focus stays in the photos card, not at the top of the page.
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[aria-labelledby="photos-title"]'))).toBe(true)

  // Deleting yesterday's entry: focus lands on the next row's button.
  const history = page.getByRole('region', { name: 'Historial' })
  await history
    .getByRole('button', { name: /^Borrar registro del / })
    .last()
    .click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Borrar' }).click()
  await expect(page.getByText('Registro borrado.')).toBeVisible()
  await expect(history.getByRole('listitem')).toHaveCount(1)
  await expect(history.getByRole('button', { name: /^Borrar registro del / })).toBeFocused()
})

test('@mobile two years of daily weights draw at once; in English, with units and a decimal point; consent withdrawn keeps the entries for the client (en)', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000)
  const trainer = await trainerThroughApi(request)
  const client = await payingClientThroughApi(request, trainer, { firstName: 'Beth' })
  const auth = { authorization: `Bearer ${client.token}` }
  await ok(
    await request.post('/api/v1/client/health-consent', {
      headers: auth,
      data: {
        version: (await ok<{ currentVersion: string }>(await request.get('/api/v1/client/health-consent', { headers: auth })))
          .currentVersion,
        language: 'en',
        screen: 'e2e',
      },
    }),
    201,
  )
  // 730 days, a slow drift from 90 kg with a weekly wobble.
  for (let start = 0; start < 730; start += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, 730 - start) }, (_, i) => {
        const n = start + i
        const weightKg = Math.round((90 - n * 0.015 + Math.sin(n / 3) * 0.6) * 10) / 10
        return request.put(`/api/v1/client/measurements/${santiagoDay(n - 729)}`, { headers: auth, data: { weightKg } }).then((r) => {
          expect(r.status()).toBeLessThan(300)
        })
      }),
    )
  }
  await storeSession(page, client)
  await page.evaluate(() => localStorage.setItem('language', 'en'))
  await page.goto('/cliente/progreso')
  await expect(page.getByRole('heading', { level: 1, name: 'Your progress' })).toBeVisible({ timeout: 30_000 })
  const weight = page.getByRole('figure', { name: 'Body weight' })
  await expect(weight.locator('path.trend-line')).toHaveCount(1)
  // English notation: a decimal point, kg.
  await expect(weight.getByText(/^From 90 kg on .+ to \d{2}\.\d kg today: -\d+(\.\d)? kg\.$/)).toBeVisible()

  // How long the chart of 730 points takes to draw again when its width changes (a measurement
  // for docs/capacity.md, not a timed assertion): from the resize to the line's new path.
  const redrawMs = await weight.evaluate(async (figure) => {
    const changed = new Promise<number>((resolve) =>
      new MutationObserver(() => resolve(performance.now())).observe(figure, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['d'],
      }),
    )
    const started = performance.now()
    document.querySelector<HTMLElement>('main')!.style.maxWidth = '340px'
    return (await changed) - started
  })
  testInfo.annotations.push({ type: 'redraw of 730 daily weights (ms)', description: String(Math.round(redrawMs)) })
  console.log(`redraw of 730 daily weights: ${Math.round(redrawMs)} ms (${testInfo.project.name})`)
  await page.evaluate(() => document.querySelector<HTMLElement>('main')!.style.removeProperty('max-width'))
  const points = await weight.locator('path.trend-line').evaluate((path) => (path.getAttribute('d') ?? '').split('L').length)
  expect(points).toBe(730)

  await weight.scrollIntoViewIfNeeded()
  await screenshot(page, testInfo, `progress-chart-${testInfo.project.name}-en`, false)
  await noSideScroll(page)
  await expectAccessible(page, 'progress page two years (en)')
  await screenshot(page, testInfo, `progress-two-years-${testInfo.project.name}-en`)

  // Withdraw without erasing: the form goes, the entries stay for the client, consent is asked again.
  await page.getByRole('button', { name: 'Withdraw permission' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Withdraw your permission?' })
  await expect(dialog.getByText('Also delete all my entries and photos')).toBeVisible()
  await expectAccessible(page, 'withdraw dialog (en)')
  await dialog.getByRole('button', { name: 'Withdraw' }).click()
  await expect(page.getByText('You withdrew your permission.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your health data' })).toBeFocused()
  await expect(page.getByRole('button', { name: 'I allow it' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)
  await expect(weight.locator('path.trend-line')).toHaveCount(1)
  await expect(page.getByText(/the entries already stored are seen by you alone/)).toBeVisible()
})
