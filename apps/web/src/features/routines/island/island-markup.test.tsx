import { act, fireEvent, render } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n, prepareLanguage } from '@/lib/i18n'
import { WorkoutSession, type SessionActions } from '../components/workout/workout-session'
import type { QueuedSet } from '../lib/write-queue'
import { exerciseFixture, itemFixture, sessionFixture } from '../testing/workout-fixture'
import en from '../locales/en.json'
import es from '../locales/es.json'
import { drawSession, setKey, wordsText, type DoneTap, type TakenSet } from './draw'

// The HTML's own "Hoy" (decision 254) must look like the page that takes its place: the same
// elements, classes, texts and names, so the hand-off shows nothing moving.

const session = sessionFixture([
  itemFixture({
    key: 'w2d1e1',
    exerciseId: 'e1',
    sets: 3,
    reps: { min: 8, max: 10 },
    load: { kind: 'kg', value: 40 },
    restSeconds: 90,
    tempo: '3010',
    notes: 'Codos a 45°',
    exercise: exerciseFixture('e1', 'Press banca con barra', 'Barbell bench press'),
    logged: [
      {
        id: 'l1',
        sessionId: 's1',
        exerciseId: 'e1',
        itemKey: 'w2d1e1',
        setNumber: 1,
        reps: 10,
        loadKg: 40,
        seconds: null,
        done: true,
        idempotencyKey: 'k0',
        performedAt: '2026-12-07T11:50:00.000Z',
      },
    ],
    lastTime: { on: '2026-11-30', sets: [{ setNumber: 1, reps: 8, loadKg: 37.5, seconds: null }] },
  }),
  itemFixture({
    key: 'w2d1e2',
    exerciseId: 'e2',
    reps: { min: 12, max: 12 },
    load: { kind: 'rpe', value: 8 },
    group: { kind: 'superset', label: 'A' },
    exercise: exerciseFixture('e2', 'Remo con mancuerna', 'Dumbbell row'),
  }),
  itemFixture({
    key: 'w2d1e3',
    exerciseId: 'e3',
    reps: null,
    seconds: 45,
    restSeconds: 60,
    group: { kind: 'superset', label: 'A' },
    exercise: exerciseFixture('e3', 'Plancha', ''),
  }),
])

/** A pending set 2 of the first exercise, as the queue (the page) and the island's map hold it. */
const pending: QueuedSet = {
  kind: 'set',
  key: 'k1',
  userId: 'u1',
  queuedAt: 1,
  attempts: 0,
  retryAt: 0,
  refusal: null,
  body: {
    idempotencyKey: 'k1',
    assignmentId: session.assignmentId,
    week: 2,
    day: 1,
    itemKey: 'w2d1e1',
    setNumber: 2,
    reps: 9,
    loadKg: 42.5,
    seconds: null,
    done: true,
    performedAt: '2026-12-07T12:00:00.000Z',
  },
}

/** A node as a comparable tree: tag, attributes sorted (generated ids named by order), values, text. */
function shape(node: Node, ids: Map<string, string> = new Map()): unknown {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent
  if (!(node instanceof Element)) return null
  const generated = (value: string) => {
    if (!/^(island-|«|:r|_r_)/.test(value)) return value
    if (!ids.has(value)) ids.set(value, `id${ids.size}`)
    return ids.get(value)!
  }
  const attributes = [...node.attributes]
    .filter((a) => a.name !== 'value')
    .map((a) => [a.name, ['id', 'aria-labelledby', 'aria-describedby'].includes(a.name) ? generated(a.value) : a.value])
    .sort(([a], [b]) => a!.localeCompare(b!))
  const text = [...node.childNodes].reduce<unknown[]>((all, child) => {
    const next = shape(child, ids)
    // React writes adjacent strings as separate text nodes: join them.
    if (typeof next === 'string' && typeof all.at(-1) === 'string') all[all.length - 1] = `${all.at(-1) as string}${next}`
    else if (next !== null && next !== '') all.push(next)
    return all
  }, [])
  return { tag: node.tagName.toLowerCase(), attributes, value: node instanceof HTMLInputElement ? node.value : undefined, children: text }
}

function drawBoth(language: 'es' | 'en') {
  const actions: SessionActions = { userId: 'u1', writes: [pending], synced: new Map(), add: vi.fn(), discard: vi.fn(), startRest: vi.fn() }
  const page = render(<WorkoutSession session={session} actions={actions} />).container.querySelector('section')!
  const taken = new Map<string, TakenSet>([[setKey(session, 'w2d1e1', 2), { reps: 9, loadKg: 42.5, seconds: null, pending: true }]])
  const taps: DoneTap[] = []
  const island = drawSession(session, 0, {
    t: wordsText((language === 'en' ? en : es).today),
    language,
    taken,
    typed: {},
    onDone: (tap) => taps.push(tap),
  })
  document.body.append(island)
  // The page's section ends with the form that finishes the session; the island stops before it.
  const pageParts = [...page.children].slice(0, -1)
  return { page, island, pageParts, taps }
}

describe("the HTML's own day", () => {
  beforeAll(async () => {
    await prepareLanguage('es', ['routines', 'errors'])
  })

  for (const language of ['es', 'en'] as const)
    it(`draws the page's markup, texts and set states (${language})`, async () => {
      await act(() => i18n.changeLanguage(language))
      const { island, pageParts } = drawBoth(language)
      expect(shape(island.children[0]!)).toEqual(shape(pageParts[0]!))
      expect(island.children.length).toBe(pageParts.length)
      pageParts.forEach((part, i) => expect(shape(island.children[i]!)).toEqual(shape(part)))
      // What the sets show: set 1 logged, set 2 pending, set 3 open with the last time's figures.
      const buttons = [...island.querySelectorAll('article')[0]!.querySelectorAll('button')]
      expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'true', 'false'])
      island.remove()
    })

  it("a tap answers at once, hands the set to the queue, and refuses what the page refuses, in the page's words", async () => {
    await act(() => i18n.changeLanguage('es'))
    const { page, island, taps } = drawBoth('es')
    const rows = (root: Element) => root.querySelectorAll('article')[1]!.querySelectorAll('li')
    // An empty reps field: the same message, tied to the field, in both.
    for (const root of [page, island]) {
      const input = rows(root)[0]!.querySelector('input')!
      fireEvent.change(input, { target: { value: '' } })
      if (root === island) fireEvent.input(input)
      fireEvent.click(rows(root)[0]!.querySelector('button')!)
    }
    expect(shape(rows(island)[0]!)).toEqual(shape(rows(page)[0]!))
    expect(taps).toEqual([])

    const reps = rows(island)[1]!.querySelector('input')!
    reps.value = '11'
    fireEvent.input(reps)
    fireEvent.click(rows(island)[1]!.querySelector('button')!)
    fireEvent.click(rows(island)[1]!.querySelector('button')!) // a double tap takes one set
    expect(taps).toHaveLength(1)
    expect(taps[0]).toMatchObject({ setNumber: 2, reps: 11, loadKg: null, seconds: null, item: { key: 'w2d1e2' } })
    const button = rows(island)[1]!.querySelector('button')!
    expect(button.getAttribute('aria-pressed')).toBe('true')
    expect(button.getAttribute('aria-label')).toBe('Serie 2 hecha')
    expect(rows(island)[1]!.textContent).toContain('Por sincronizar')
    island.remove()
  })
})
