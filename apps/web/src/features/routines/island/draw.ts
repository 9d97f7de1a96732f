import type { Today } from '@app/contracts'
import { exerciseText } from '../lib/exercise-text'
import {
  dayText,
  figures,
  groupRuns,
  initialFigures,
  numberText,
  parseFigure,
  prescriptionText,
  type SessionItem,
  type TodayText,
} from '../lib/workout-text'

/**
 * "Hoy" drawn by the HTML itself (decision 254): the same markup as the React page's day (today-page,
 * workout-session, exercise-card, set-row; island-markup.test.tsx keeps the two equal), drawn with
 * the DOM alone from the early `/client/today` answer, so that a first visit on a slow phone shows
 * the session and takes a set before the app's code has arrived. No React, no i18next here.
 */

export type Session = Today['data'][number]
/** A set taken here or earlier (the server's logs, writes queued on this device). */
export type TakenSet = { reps: number | null; loadKg: number | null; seconds: number | null; pending: boolean }
/** What a tap on "done" hands to the island's queue. */
export type DoneTap = {
  session: Session
  item: SessionItem
  setNumber: number
  reps: number | null
  loadKg: number | null
  seconds: number | null
}

export interface DrawOptions {
  t: TodayText
  language: string
  /** `${assignmentId}/${week}/${day}/${itemKey}/${setNumber}` → the set as taken. */
  taken: Map<string, TakenSet>
  /** `${itemKey}/${setNumber}` → figures typed here, kept for the app when it takes over. */
  typed: Record<string, { amount: string; kg: string }>
  onDone: (tap: DoneTap) => void
}

/** The island's `t`: the `today` words of one language, `{{name}}` filled as i18next does here. */
export const wordsText =
  (words: Record<string, string>): TodayText =>
  (key, values) =>
    (words[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values?.[name] ?? ''))

export const setKey = (s: { assignmentId: string; week: number; day: number }, itemKey: string, n: number) =>
  `${s.assignmentId}/${s.week}/${s.day}/${itemKey}/${n}`

const INPUT =
  'flex w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 shadow-xs transition-[color,box-shadow] placeholder:text-muted-foreground focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive read-only:bg-muted md:text-sm h-11 text-center text-base'
const ROW_GRID = 'grid grid-cols-[3.25rem_1fr_1fr_3rem]'
const BUTTON = 'flex size-12 items-center justify-center rounded-full border-2 transition-colors'
const BUTTON_OPEN = 'border-primary bg-background text-primary hover:bg-accent'
const BUTTON_DONE = 'border-emerald-700 bg-emerald-700 text-white'
// lucide's icons as lucide-react draws them.
const icon = (name: string, size: string, paths: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-${name} ${size}" aria-hidden="true">${paths}</svg>`
const CHECK = icon('check', 'size-6', '<path d="M20 6 9 17l-5-5"></path>')
const CLOUD_OFF = icon(
  'cloud-off',
  'size-3.5',
  '<path d="m2 2 20 20"></path><path d="M5.782 5.782A7 7 0 0 0 9 19h8.5a4.5 4.5 0 0 0 1.307-.193"></path><path d="M21.532 16.5A4.5 4.5 0 0 0 17.5 10h-1.79A7.008 7.008 0 0 0 10 5.07"></path>',
)

type Child = Node | string | null | false
function h(tag: string, attrs: Record<string, string | undefined>, ...children: Child[]) {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) el.setAttribute(name, value)
  for (const child of children) if (child) el.append(child)
  return el
}

/** The greeting and the day, as ClientDay draws them above the sessions. */
export function drawGreeting(firstName: string, date: string, { t, language }: Pick<DrawOptions, 't' | 'language'>) {
  return h(
    'div',
    {},
    h('h1', { class: 'text-2xl font-bold' }, t('hello', { name: firstName })),
    h('p', { class: 'text-muted-foreground first-letter:uppercase' }, dayText(date, language, true)),
  )
}

/** One training day: its heading and its exercises (supersets and circuits together). */
export function drawSession(session: Session, index: number, opts: DrawOptions) {
  const { t } = opts
  const headingId = `island-session-${index}`
  const section = h(
    'section',
    { 'aria-labelledby': headingId, class: 'grid gap-4' },
    h(
      'div',
      {},
      h('h2', { id: headingId, class: 'text-xl font-bold' }, session.title || t('untitledDay')),
      h(
        'p',
        { class: 'text-sm text-muted-foreground' },
        t('sessionOf', { program: session.programTitle, week: session.week, trainer: session.trainerName }),
      ),
    ),
  )
  for (const run of groupRuns(session.items)) {
    if (!run.group) {
      section.append(drawCard(session, run.items[0]!, opts))
      continue
    }
    const name = run.group.kind === 'superset' ? t('superset', { label: run.group.label }) : t('circuit', { label: run.group.label })
    const group = h(
      'div',
      { role: 'group', 'aria-label': name, class: 'grid gap-2 rounded-xl border-l-4 border-primary pl-2' },
      h(
        'p',
        { class: 'text-sm font-semibold text-primary' },
        `${name} `,
        h('span', { class: 'font-normal text-muted-foreground' }, `· ${t('groupHint')}`),
      ),
    )
    for (const item of run.items) group.append(drawCard(session, item, opts))
    section.append(group)
  }
  return section
}

function drawCard(session: Session, item: SessionItem, opts: DrawOptions) {
  const { t, language } = opts
  const { name } = exerciseText({ ...item.exercise, cuesEn: [] }, language)
  const timed = item.reps === null
  const headingId = `exercise-${item.key}`
  const list = h('ol', { 'aria-label': t('setsOf', { name }), class: 'grid gap-1' })
  const logged = new Map(item.logged.map((l) => [l.setNumber, l]))
  let count = item.sets
  for (const n of logged.keys()) count = Math.max(count, n)
  for (const key of opts.taken.keys()) {
    const prefix = setKey(session, item.key, 0).slice(0, -1)
    if (key.startsWith(prefix)) count = Math.max(count, Number(key.slice(prefix.length)))
  }
  for (let n = 1; n <= count; n++) list.append(drawSet(session, item, n, timed, opts))
  return h(
    'article',
    { 'aria-labelledby': headingId, class: 'grid gap-3 rounded-xl border bg-card p-3 shadow-xs' },
    h(
      'header',
      { class: 'grid gap-1' },
      h('h3', { id: headingId, class: 'text-lg leading-tight font-semibold' }, name),
      h('p', { class: 'text-sm font-medium' }, prescriptionText(item, t, language)),
      item.notes ? h('p', { class: 'text-sm text-muted-foreground' }, item.notes) : null,
      h(
        'p',
        { class: 'text-sm text-muted-foreground' },
        item.lastTime
          ? t('lastTime', {
              date: dayText(item.lastTime.on, language),
              sets: item.lastTime.sets.map((s) => figures(s, language)).join(', '),
            })
          : t('firstTime'),
      ),
    ),
    h(
      'div',
      { class: 'grid gap-1' },
      h(
        'div',
        { 'aria-hidden': 'true', class: `${ROW_GRID} gap-2 px-2 text-center text-xs font-medium text-muted-foreground` },
        h('span', {}),
        h('span', {}, timed ? t('seconds') : t('reps')),
        h('span', {}, t('kg')),
        h('span', {}),
      ),
      list,
    ),
  )
}

function drawSet(session: Session, item: SessionItem, n: number, timed: boolean, opts: DrawOptions) {
  const { t, language } = opts
  const key = setKey(session, item.key, n)
  const log = item.logged.find((l) => l.setNumber === n)
  const taken = opts.taken.get(key) ?? (log ? { ...log, pending: false } : null)
  const start = opts.typed[`${item.key}/${n}`] ?? initialFigures(item, n, language)
  const shown = (value: number | null) => (value === null ? '' : numberText(value, language))
  const amount = h('input', {
    inputmode: 'numeric',
    enterkeyhint: 'next',
    'aria-label': timed ? t('secondsOf', { n }) : t('repsOf', { n }),
    'data-slot': 'input',
    class: INPUT,
  }) as HTMLInputElement
  const kg = h('input', {
    inputmode: 'decimal',
    enterkeyhint: 'done',
    'aria-label': t('kgOf', { n }),
    'data-slot': 'input',
    class: INPUT,
  }) as HTMLInputElement
  const button = h('button', { type: 'button' }) as HTMLButtonElement
  button.innerHTML = CHECK
  const row = h(
    'li',
    { class: 'grid gap-1 rounded-lg px-2 py-1.5' },
    h(
      'div',
      { class: `${ROW_GRID} items-center gap-2` },
      h('span', { class: 'text-sm font-medium text-muted-foreground' }, t('set', { n })),
      amount,
      kg,
      button,
    ),
  )
  const errorId = `island-error-${key}`
  const error = h('p', { id: errorId, class: 'text-sm font-medium text-destructive' })

  const show = (set: TakenSet | null) => {
    const done = set !== null
    row.className = done ? 'grid gap-1 rounded-lg px-2 py-1.5 bg-emerald-50' : 'grid gap-1 rounded-lg px-2 py-1.5'
    amount.value = done ? shown(timed ? set.seconds : set.reps) : start.amount
    kg.value = done ? shown(set.loadKg) : start.kg
    amount.readOnly = kg.readOnly = done
    button.setAttribute('aria-label', done ? t('doneSet', { n }) : t('markDone', { n }))
    button.setAttribute('aria-pressed', String(done))
    button.className = `${BUTTON} ${done ? BUTTON_DONE : BUTTON_OPEN}`
    if (set?.pending) {
      const pending = h('p', { class: 'flex items-center gap-1 text-xs text-amber-900' })
      pending.innerHTML = CLOUD_OFF
      pending.append(t('pending'))
      row.append(pending)
    }
  }
  const showError = (text: string) => {
    for (const input of [amount, kg]) {
      if (text) input.setAttribute('aria-invalid', 'true')
      else input.removeAttribute('aria-invalid')
      if (text) input.setAttribute('aria-describedby', errorId)
      else input.removeAttribute('aria-describedby')
    }
    error.textContent = text
    if (text) row.insertBefore(error, row.children[1] ?? null)
    else error.remove()
  }
  show(taken)
  const remember = () => void (opts.typed[`${item.key}/${n}`] = { amount: amount.value, kg: kg.value })
  amount.addEventListener('input', remember)
  kg.addEventListener('input', remember)
  // SetRow's submit: the same checks and the same texts.
  button.addEventListener('click', () => {
    if (button.getAttribute('aria-pressed') === 'true') return
    const count = parseFigure(amount.value)
    const load = parseFigure(kg.value)
    if (count === null) return showError(timed ? t('needSeconds') : t('needReps'))
    const wholeCount = Number.isInteger(count) && count <= (timed ? 36_000 : 1000)
    const goodLoad = load === null || (Number.isFinite(load) && load <= 1000)
    if (!wholeCount || !goodLoad) return showError(t('badNumber'))
    showError('')
    const set = { reps: timed ? null : count, seconds: timed ? count : null, loadKg: load === null ? null : Math.round(load * 100) / 100 }
    opts.taken.set(key, { ...set, pending: true })
    show({ ...set, pending: true })
    opts.onDone({ session, item, setNumber: n, ...set })
  })
  return row
}
