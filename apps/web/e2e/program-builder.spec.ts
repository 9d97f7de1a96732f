// Issue 25 end to end: a trainer builds a 4-week program with a superset from the library, reorders
// it with the keyboard, saves it, assigns it to a client, and edits it into a new version; the API
// shows the assignment. Once in Spanish and once in English.
import { expect, test, type Page } from '@playwright/test'
import { expectAccessible, screenshot } from './support'
import { payingClientThroughApi, storeSession, trainerThroughApi } from './trainer-helpers'

const TEXTS = {
  es: {
    language: 'es',
    card: 'Ver mis programas',
    empty: 'Aún no tienes programas',
    newProgram: 'Nuevo programa',
    name: 'Nombre',
    title: 'Fuerza 4 semanas',
    dayName: 'Nombre del día',
    dayTitle: 'Tren inferior',
    addExercise: 'Agregar ejercicio',
    search: 'Buscar',
    done: 'Listo',
    exercises: [
      ['sentadila bulgra', 'Sentadilla búlgara'],
      ['press banca barra', 'Press banca con barra'],
      ['remo mancuerna brazo', 'Remo con mancuerna a un brazo'],
    ],
    added: 'Agregaste Remo con mancuerna a un brazo (3 ejercicios agregados).',
    edit: (n: string) => `Editar ${n}`,
    sets: 'Series',
    min: 'Mínimo',
    max: 'Máximo',
    load: 'Carga',
    kilos: 'Kilos',
    save: 'Guardar',
    summary: '4 × 8–10 · 40 kg · 90 s de descanso · tempo 3010',
    tooSmall: 'Series es demasiado bajo',
    link: (a: string, b: string) => `Unir ${a} con ${b} en superserie`,
    superset: 'Superserie A',
    move: (n: string) => `Mover ${n} (posición 1 de 3)`,
    dropped: 'Soltaste Sentadilla búlgara en la posición 3 de 3.',
    duplicateWeek: 'Duplicar semana 1',
    weeks: '4 semanas',
    week4: 'Semana 4',
    create: 'Crear programa',
    created: 'Programa creado: Fuerza 4 semanas',
    version1: 'Versión 1',
    assign: 'Asignar a clientes',
    assignSubmit: 'Asignar',
    assigned: /Versión 1 asignada a 1 cliente desde el/,
    notice: 'Asignado a 1 cliente',
    saveChanges: 'Guardar cambios',
    newVersion: /Guardado como versión 2\. Tus clientes siguen con la versión 1/,
    allSaved: 'Todo guardado',
    back: 'Volver a programas',
    leaveTitle: '¿Salir sin guardar?',
    stay: 'Seguir editando',
    listMeta: '4 semanas · versión 2',
  },
  en: {
    language: 'en',
    card: 'See my programs',
    empty: 'No programs yet',
    newProgram: 'New program',
    name: 'Name',
    title: '4-week strength',
    dayName: 'Day name',
    dayTitle: 'Lower body',
    addExercise: 'Add exercise',
    search: 'Search',
    done: 'Done',
    exercises: [
      ['bulgarian split', 'Bulgarian split squat'],
      ['barbell bench press', 'Barbell bench press'],
      ['one-arm dumbbell row', 'One-arm dumbbell row'],
    ],
    added: 'Added One-arm dumbbell row (3 exercises added).',
    edit: (n: string) => `Edit ${n}`,
    sets: 'Sets',
    min: 'Minimum',
    max: 'Maximum',
    load: 'Load',
    kilos: 'Kilograms',
    save: 'Save',
    summary: '4 × 8–10 · 40 kg · 90 s rest · tempo 3010',
    tooSmall: 'Sets is too small',
    link: (a: string, b: string) => `Join ${a} with ${b} in a superset`,
    superset: 'Superset A',
    move: (n: string) => `Move ${n} (position 1 of 3)`,
    dropped: 'Dropped Bulgarian split squat at position 3 of 3.',
    duplicateWeek: 'Duplicate week 1',
    weeks: '4 weeks',
    week4: 'Week 4',
    create: 'Create program',
    created: 'Program created: 4-week strength',
    version1: 'Version 1',
    assign: 'Assign to clients',
    assignSubmit: 'Assign',
    assigned: /Version 1 assigned to 1 client from/,
    notice: 'Assigned to 1 client',
    saveChanges: 'Save changes',
    newVersion: /Saved as version 2\. Your clients keep following version 1/,
    allSaved: 'All saved',
    back: 'Back to programs',
    leaveTitle: 'Leave without saving?',
    stay: 'Keep editing',
    listMeta: '4 weeks · version 2',
  },
} as const

/** The exercise names of the day, in order, as the list shows them. */
const itemNames = (page: Page) =>
  page
    .getByTestId('program-item')
    .locator('p.font-medium > span:first-child')
    .evaluateAll((nodes) => nodes.map((n) => n.textContent!.replace(/^\d+\.\s*/, '').trim()))

for (const lang of ['es', 'en'] as const) {
  const x = TEXTS[lang]
  test(`a trainer builds a 4-week program with a superset from the library, reorders it by keyboard, saves and assigns it (${lang})`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000)
    const trainer = await trainerThroughApi(request)
    const athlete = await payingClientThroughApi(request, trainer, { firstName: lang === 'es' ? 'Lía' : 'Liam', lastName: 'Atleta' })
    const client = { userId: athlete.user.id, name: `${athlete.user.firstName} Atleta` }
    await storeSession(page, trainer)
    await page.evaluate((language) => localStorage.setItem('language', language), x.language)

    // The dashboard's card leads to the programs: none yet.
    await page.goto('/dashboard')
    await page.getByRole('link', { name: x.card }).click()
    await expect(page).toHaveURL(/\/dashboard\/programas$/)
    await expect(page.getByText(x.empty).first()).toBeVisible({ timeout: 30_000 })
    await expectAccessible(page, `programs empty (${lang})`)
    await page.getByRole('link', { name: x.newProgram }).first().click()
    await expect(page).toHaveURL(/\/dashboard\/programas\/nuevo$/)

    await page.getByLabel(x.name, { exact: true }).fill(x.title)
    // Leaving with unsaved changes asks first; staying keeps the work.
    await page.getByRole('link', { name: x.back }).click()
    const leave = page.getByRole('alertdialog', { name: x.leaveTitle })
    await expect(leave).toBeVisible()
    await leave.getByRole('button', { name: x.stay }).click()
    await expect(page).toHaveURL(/\/dashboard\/programas\/nuevo$/)
    await expect(page.getByLabel(x.name, { exact: true })).toHaveValue(x.title)
    await page.getByLabel(x.dayName).fill(x.dayTitle)

    // Three exercises from the library, searched with typos.
    const addButton = page.getByRole('button', { name: x.addExercise })
    await addButton.click()
    const picker = page.getByRole('dialog')
    for (const [query, name] of x.exercises) {
      await picker.getByLabel(x.search).fill(query)
      await picker.getByRole('button', { name: lang === 'es' ? `Agregar ${name}` : `Add ${name}`, exact: true }).click()
    }
    await expect(picker.getByText(x.added)).toBeVisible()
    await expectAccessible(page, `exercise picker (${lang})`)
    await screenshot(page, testInfo, `picker-${lang}`, false)
    await picker.getByRole('button', { name: x.done }).click()
    await expect(addButton).toBeFocused()
    const [squat, bench, row] = x.exercises.map(([, name]) => name)
    expect(await itemNames(page)).toEqual([squat, bench, row])

    // Prescription of the squat; a bad figure is refused with the field's own words first. The
    // picker is gone first, as a person sees it go (a click during its exit once opened nothing).
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await page.getByRole('button', { name: x.edit(squat!) }).click()
    const editor = page.getByRole('dialog')
    await editor.getByLabel(x.sets).fill('0')
    await editor.getByRole('button', { name: x.save, exact: true }).click()
    await expect(editor.getByText(x.tooSmall)).toBeVisible()
    await expect(editor.getByLabel(x.sets)).toBeFocused()
    await editor.getByLabel(x.sets).fill('4')
    await editor.getByLabel(x.min).fill('8')
    await editor.getByLabel(x.max).fill('10')
    await editor.getByLabel(x.load, { exact: true }).selectOption('kg')
    await editor.getByLabel(x.kilos).fill('40')
    await editor.getByLabel('Tempo').fill('3010')
    await expectAccessible(page, `exercise dialog (${lang})`)
    await screenshot(page, testInfo, `exercise-dialog-${lang}`, false)
    await editor.getByRole('button', { name: x.save, exact: true }).click()
    await expect(page.getByRole('button', { name: x.edit(squat!) })).toBeFocused()
    await expect(page.getByText(x.summary)).toBeVisible()

    // Bench press and row become superset A.
    await page.getByRole('button', { name: x.link(bench!, row!) }).click()
    await expect(page.getByText(x.superset, { exact: true })).toHaveCount(2)

    // The squat moves to the end with the keyboard only (dnd-kit: space, arrows, space), announced.
    const handle = page.getByRole('button', { name: x.move(squat!) })
    await handle.focus()
    await page.keyboard.press('Space')
    await page.waitForTimeout(150)
    await page.keyboard.press('ArrowDown')
    await page.waitForTimeout(150)
    await page.keyboard.press('ArrowDown')
    await page.waitForTimeout(150)
    await page.keyboard.press('Space')
    await expect.poll(() => itemNames(page)).toEqual([bench, row, squat])
    await expect(page.getByText(x.dropped)).toBeAttached()
    await expect(page.getByText(x.superset, { exact: true })).toHaveCount(2)

    // Four weeks: week 1 duplicated three times.
    for (let n = 0; n < 3; n++) await page.getByRole('button', { name: x.duplicateWeek, exact: true }).click()
    await expect(page.getByRole('heading', { name: x.weeks })).toBeVisible()
    await expect(page.getByRole('tab', { name: x.week4 })).toBeVisible()
    await expectAccessible(page, `builder (${lang})`)
    await screenshot(page, testInfo, `builder-${lang}-desktop`)

    await page.getByRole('button', { name: x.create }).click()
    await expect(page.getByText(x.created)).toBeVisible()
    await expect(page).toHaveURL(/\/dashboard\/programas\/[0-9a-f-]{36}$/)
    const programId = /programas\/([0-9a-f-]{36})$/.exec(page.url())![1]!
    await expect(page.getByText(x.version1, { exact: true })).toBeVisible()

    // Assign to the client from today (Santiago).
    const assignButton = page.getByRole('button', { name: x.assign })
    await assignButton.click()
    const assign = page.getByRole('dialog')
    await assign.getByRole('checkbox', { name: new RegExp(client.name) }).click()
    await expectAccessible(page, `assign dialog (${lang})`)
    await screenshot(page, testInfo, `assign-dialog-${lang}`, false)
    await assign.getByRole('button', { name: x.assignSubmit, exact: true }).click()
    await expect(page.getByText(x.assigned)).toBeVisible()
    await expect(assignButton).toBeFocused()
    await expect(page.getByText(x.notice, { exact: true })).toBeVisible()
    await expect(page.getByRole('list', { name: lang === 'es' ? 'Quién sigue este programa' : 'Who follows this program' })).toContainText(
      client.name,
    )

    // Through the API: the client's assignment exists, on version 1, with the content as built.
    const auth = { authorization: `Bearer ${trainer.token}` }
    const assignments = await (await request.get(`/api/v1/trainer/programs/${programId}/assignments`, { headers: auth })).json()
    expect(assignments.data).toEqual([expect.objectContaining({ clientUserId: client.userId, version: 1 })])
    const saved = await (await request.get(`/api/v1/trainer/programs/${programId}`, { headers: auth })).json()
    expect(saved.content.weeks).toHaveLength(4)
    for (const week of saved.content.weeks) {
      expect(week.days).toHaveLength(1)
      expect(week.days[0].title).toBe(x.dayTitle)
      expect(week.days[0].items.map((i: { group: { label: string; kind: string } | null }) => i.group)).toEqual([
        { label: 'A', kind: 'superset' },
        { label: 'A', kind: 'superset' },
        null,
      ])
      expect(week.days[0].items[2]).toMatchObject({ sets: 4, reps: { min: 8, max: 10 }, load: { kind: 'kg', value: 40 }, tempo: '3010' })
    }

    // Editing the assigned program makes version 2; the screen says the client stays on version 1.
    await page
      .getByRole('button', { name: x.edit(squat!) })
      .first()
      .click()
    await page.getByRole('dialog').getByLabel(x.sets).fill('5')
    await page.getByRole('dialog').getByRole('button', { name: x.save, exact: true }).click()
    await page.getByRole('button', { name: x.saveChanges }).click()
    await expect(page.getByText(x.newVersion)).toBeVisible()
    await expect(page.getByText(x.allSaved)).toBeVisible()
    const after = await (await request.get(`/api/v1/trainer/programs/${programId}/assignments`, { headers: auth })).json()
    expect(after.data).toEqual([expect.objectContaining({ clientUserId: client.userId, version: 1 })])

    // The same screen at 375 px: no sideways scroll, still accessible.
    await page.setViewportSize({ width: 375, height: 740 })
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await expectAccessible(page, `builder 375 px (${lang})`)
    await screenshot(page, testInfo, `builder-${lang}-375`)

    // Back on the list: the program with its weeks, version and client count.
    await page.getByRole('link', { name: x.back }).click()
    const listed = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: x.title }) })
    await expect(listed).toContainText(x.listMeta)
    await expect(listed).toContainText(x.notice)
    await expectAccessible(page, `programs list 375 px (${lang})`)
    await screenshot(page, testInfo, `programs-${lang}-375`)
  })
}
