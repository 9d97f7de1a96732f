import type { Today } from '@app/contracts'
import { createStore, entries, set } from 'idb-keyval'
import { newIdempotencyKey } from '../../../lib/idempotency-key'
import type { QueuedSet } from '../lib/write-queue'
import { dayText, numberText } from '../lib/workout-text'
import { today as en } from '../locales/en.json'
import { today as es } from '../locales/es.json'
import { drawGreeting, drawSession, setKey, wordsText, type DoneTap, type TakenSet } from './draw'
import { ISLAND_ID, type IslandState } from './hand-off'

/**
 * The HTML's own "Hoy" (decision 254), inlined in dist/cliente.html's <head> right after the script
 * that asks for `/client/today` (scripts/prerender.mjs), so that it runs before the app's code.
 * When that answer is in before the app has drawn the day, it draws the client's frame (the shell
 * prerendered per language) with the day in it, and takes sets into the write queue's IndexedDB.
 * The app takes its place once its own day is drawn (hand-off.ts) and sends what was taken here.
 */

declare global {
  interface Window {
    /** Preloads the client area's words (the script in <head>, scripts/prerender.mjs); once. */
    __clientWords?: () => void
  }
}

type Words = Record<string, string>
const WORDS: Record<'es' | 'en', Words> = { es, en }

const storedLanguage = (): 'es' | 'en' => {
  try {
    return localStorage.getItem('language') === 'en' ? 'en' : 'es'
  } catch {
    return 'es'
  }
}

function storedUser(): { id: string; firstName: string } | null {
  try {
    return JSON.parse(localStorage.getItem('entrenapp.user') ?? 'null') as { id: string; firstName: string } | null
  } catch {
    return null
  }
}

/** The app's code (inert in <template id="app-code"> until now): added once. */
let appAdded = false
function addApp() {
  if (appAdded) return
  appAdded = true
  window.__clientWords?.()
  // This script runs in <head>: the template is at the end of <body>.
  const add = () => {
    const code = document.getElementById('app-code')
    if (code instanceof HTMLTemplateElement) document.body.append(code.content.cloneNode(true))
  }
  if (document.readyState === 'loading') document.addEventListener('readystatechange', add, { once: true })
  else add()
}

// How long the island waits for the day's answer before the app's code comes anyway; how long
// after drawing the day, or after a touch that is not a tap yet, it leaves the main thread alone.
const APP_AT_THE_LATEST_MS = 1500
const APP_AFTER_THE_DAY_MS = 300
const APP_AFTER_A_TOUCH_MS = 1000

function start() {
  const early = window.__earlyToday
  const user = storedUser()
  if (!early || window.__hoyIsland || !user || user.id !== early.userId) return addApp()
  const state: IslandState = { writes: [], typed: {}, over: false }
  window.__hoyIsland = state
  setTimeout(addApp, APP_AT_THE_LATEST_MS)
  const userId = user.id
  const firstName = user.firstName
  const store = createStore('entrenapp-workout', 'writes')
  // Sets still queued from an earlier visit: shown taken once read (the day does not wait for it).
  const queued = entries<string, QueuedSet>(store).then(
    (all) => all.map(([, write]) => write).filter((w) => w.kind === 'set' && w.userId === userId && !w.refusal),
    () => [] as QueuedSet[],
  )
  const queuedKeys = queued.then((writes) => new Set(writes.map((w) => setKey(w.body, w.body.itemKey, w.body.setNumber))))
  // Registered before the app's code runs, so the body is cloned before the app reads it.
  const answer = early.answer.then((r) => (r?.ok ? (r.clone().json() as Promise<Today>) : null)).catch(() => null)

  const taken = new Map<string, TakenSet>()

  const onDone = (tap: DoneTap) => void queuedKeys.then((keys) => takeSet(tap, keys))
  const takeSet = (tap: DoneTap, queuedAlready: Set<string>) => {
    // Tapped before the earlier visit's sets were read, and one of them: it is taken already.
    if (queuedAlready.has(setKey(tap.session, tap.item.key, tap.setNumber))) return
    const key = newIdempotencyKey()
    const write: QueuedSet = {
      kind: 'set',
      key,
      userId,
      queuedAt: Date.now(),
      body: {
        idempotencyKey: key,
        assignmentId: tap.session.assignmentId,
        week: tap.session.week,
        day: tap.session.day,
        itemKey: tap.item.key,
        setNumber: tap.setNumber,
        reps: tap.reps,
        loadKg: tap.loadKg,
        seconds: tap.seconds,
        done: true,
        performedAt: new Date().toISOString(),
      },
      attempts: 0,
      retryAt: 0,
      refusal: null,
    }
    state.writes.push(write)
    void set(key, write, store).catch(() => undefined)
  }

  // The page's Spanish frame (in <body>, painted with the first parse) is filled in place; English,
  // or a second draw, starts from the frame's <template>. `day` null: not in yet, or nothing to
  // draw here (a rest day, an error): the frame keeps the loading line until the app takes over.
  let language = storedLanguage()
  let day: Today | null = null
  const show = () => document.documentElement.setAttribute('data-island', '')
  if (language === 'es') show()
  const draw = () => {
    const current = document.getElementById(ISLAND_ID)
    if (!current || state.over) return
    let island = current
    let outlet =
      current.dataset.lang === language || (!current.dataset.lang && language === 'es') ? current.querySelector('[data-island-day]') : null
    if (!outlet) {
      const template = document.getElementById(`hoy-frame-${language}`)
      if (!(template instanceof HTMLTemplateElement)) return
      island = document.createElement('div')
      island.id = ISLAND_ID
      island.dataset.lang = language
      island.append(template.content.cloneNode(true))
      outlet = island.querySelector('[data-island-day]')
      if (!outlet) return
      // The frame's language switch: the other language's frame, the same day and sets.
      for (const button of island.querySelectorAll<HTMLButtonElement>('header button[lang]'))
        button.addEventListener('click', () => choose(button))
    }
    const t = wordsText(WORDS[language])
    const opts = { t, language, taken, typed: state.typed, onDone }
    if (day)
      outlet.replaceWith(
        drawGreeting(firstName, day.date, opts),
        Object.assign(document.createElement('div'), { role: 'status', className: 'sr-only' }),
        ...day.data.map((session, i) => drawSession(session, i, opts)),
      )
    if (island !== current) current.replaceWith(island)
    show()
  }
  const choose = (button: HTMLButtonElement) => {
    language = button.lang === 'en' ? 'en' : 'es'
    try {
      localStorage.setItem('language', language)
    } catch {
      /* this visit only */
    }
    const focused = document.activeElement === button
    draw()
    if (focused) document.querySelector<HTMLButtonElement>(`#${ISLAND_ID} header button[lang="${language}"]`)?.focus()
  }

  // This script runs in <head>: the frame is there once the document is parsed.
  const parsed = new Promise<void>((resolve) => {
    if (document.readyState !== 'loading') return resolve()
    document.addEventListener('readystatechange', () => resolve(), { once: true })
  })
  void parsed.then(() => {
    const frame = document.getElementById(ISLAND_ID)
    for (const button of frame?.querySelectorAll<HTMLButtonElement>('header button[lang]') ?? [])
      button.addEventListener('click', () => choose(button))
    if (language !== 'es') draw()
    // While the answer is on its way: the number and date formatters the day needs (their first
    // use loads locale data, ~0.1 s on a slow phone) are made now, not when the day lands.
    // One task each, so that the answer is drawn between them if it lands meanwhile.
    for (const warm of [
      () => numberText(1.5, language),
      () => dayText('2026-01-01', language),
      () => dayText('2026-01-01', language, true),
    ])
      setTimeout(() => day || warm())
  })
  void Promise.all([answer, parsed]).then(([answered]) => {
    if (!answered?.data.length || state.over) return addApp()
    day = answered
    draw()
    // The app's code (adding it holds a slow phone's main thread for ~0.2 s) shortly after the day,
    // but not while a thumb is on a button: then after that tap's answer is on screen.
    let later = setTimeout(addApp, APP_AFTER_THE_DAY_MS)
    const island = document.getElementById(ISLAND_ID)
    island?.addEventListener('pointerdown', () => {
      clearTimeout(later)
      later = setTimeout(addApp, APP_AFTER_A_TOUCH_MS)
    })
    island?.addEventListener(
      'click',
      () => {
        clearTimeout(later)
        requestAnimationFrame(() => setTimeout(addApp))
      },
      { once: true },
    )
  })
  void queued.then((writes) => {
    for (const write of writes)
      taken.set(setKey(write.body, write.body.itemKey, write.body.setNumber), {
        reps: write.body.reps ?? null,
        loadKg: write.body.loadKg ?? null,
        seconds: write.body.seconds ?? null,
        pending: true,
      })
    if (writes.length && day && document.getElementById(ISLAND_ID)) draw()
  })
}

try {
  start()
} catch {
  addApp()
}
