/* global document, window, performance, requestAnimationFrame, MutationObserver */
// First-input delay per page (issue 21, decision 205): how long a person waits for a visible
// reaction to their first key press or tap on a page, on a slow phone.
// For each run: a fresh browser context; the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate) and
// DevTools' "Fast 3G" network (562.5 ms latency, 1.44 Mbps down, 675 kbps up); the page is loaded and,
// as soon as its first field (or, on a page without one, its first button) is visible, it is tapped
// and a key is pressed. The reaction time runs from the key's (or tap's) own event timestamp, which
// the browser stamps when the input arrives (a busy main thread delays the handlers, not the stamp),
// to the first animation frame after the visible reaction:
//   value     the typed character is in the field (its `input` event);
//   checklist the list the field describes (aria-describedby: the sign-up's password checklist)
//             changes;
//   dom       anything in the page changes (a tapped button's pending state, a menu opening);
//   hash      the tapped in-page link moved the page to its section (hashchange).
// Target: ≤ 300 ms (issue 21).

export const FIRST_INPUT_TARGET_MS = 300
/** DevTools' "Fast 3G" preset (throughput in bytes per second). */
export const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1000 * 1000 * 0.9) / 8,
  uploadThroughput: (750 * 1000 * 0.9) / 8,
}
export const CPU_SLOWDOWN = 4

/**
 * The scenarios, per page. `field`: the first visible text field of #root (main on the server-rendered
 * trainer pages); `button`: the first visible enabled button. The sign-up page is measured twice: its
 * first field, and the password field whose live checklist the issue names.
 */
export function firstInputScenarios(path) {
  if (path === '/auth/register')
    return [
      { name: 'first field', target: 'field', reaction: 'value' },
      { name: 'password checklist', target: 'password', reaction: 'checklist' },
    ]
  if (['/', '/precios'].includes(path)) return [{ name: 'first button', target: 'button', reaction: 'dom' }]
  // The legal pages have no button: their first tap is on the table of contents.
  if (['/privacidad', '/terminos'].includes(path)) return [{ name: 'first in-page link', target: 'anchor', reaction: 'hash' }]
  return [{ name: 'first field', target: 'field', reaction: 'value' }]
}

/** Runs in the page before its own scripts: notes the first key and tap, and the reactions. */
function probe() {
  const state = {
    keyAt: null,
    tapAt: null,
    valueAt: null,
    domAt: null,
    checklistAt: null,
    hashAt: null,
    hydratedAtKey: null,
    watching: null,
  }
  window.__firstInput = state
  const frameAfter = (key) => {
    if (state[key] !== null) return
    state[key] = -1
    // The frame that shows the reaction: its callbacks run just before it paints (the callback's own
    // timestamp is the frame's start, which can precede the event).
    requestAnimationFrame(() => (state[key] = performance.now()))
  }
  const hydrated = () => {
    const root = document.getElementById('root')
    return root ? Object.keys(root).some((k) => k.startsWith('__reactContainer')) : false
  }
  document.addEventListener(
    'keydown',
    (e) => {
      if (state.keyAt !== null) return
      state.keyAt = e.timeStamp
      state.hydratedAtKey = hydrated()
    },
    true,
  )
  document.addEventListener('pointerdown', (e) => state.tapAt ?? (state.tapAt = e.timeStamp), true)
  document.addEventListener('input', () => state.keyAt !== null && frameAfter('valueAt'), true)
  window.addEventListener('hashchange', () => state.tapAt !== null && frameAfter('hashAt'))
  new MutationObserver((records) => {
    if (state.tapAt === null && state.keyAt === null) return
    frameAfter('domAt')
    const list = state.watching && document.getElementById(state.watching)
    if (list && state.keyAt !== null && records.some((r) => list.contains(r.target))) frameAfter('checklistAt')
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

async function oneRun(browser, url, scenario, timeoutMs, withoutEarlyScript) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  })
  try {
    const page = await context.newPage()
    await page.addInitScript(probe)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', FAST_3G)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    if (withoutEarlyScript)
      // For comparison: the page without its inline early script (the HTML comes through Playwright,
      // unthrottled; the rest is throttled as above).
      await page.route(
        (u) => u.href === url,
        async (route) => {
          const response = await route.fetch()
          // The inline script is minified (it has `<` in it): strip up to its own end tag.
          const body = (await response.text()).replace(
            /<script>((?!<\/script>)[\s\S])*__takeEarlyClicks((?!<\/script>)[\s\S])*<\/script>/,
            '',
          )
          await route.fulfill({ response, body })
        },
      )
    const started = Date.now()
    await page.goto(url, { waitUntil: 'commit' })
    const scope = page.locator('#root, main').first()
    const target =
      scenario.target === 'password'
        ? page.locator('input[type="password"][aria-describedby]').first()
        : scenario.target === 'anchor'
          ? page.locator('main a[href^="#"]').locator('visible=true').first()
          : scenario.target === 'field'
            ? scope.locator('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea').first()
            : page.locator('#root button:not([disabled])').locator('visible=true').first()
    await target.waitFor({ state: 'visible', timeout: timeoutMs })
    const visibleMs = Date.now() - started
    if (scenario.reaction === 'checklist')
      await page.evaluate((id) => (window.__firstInput.watching = id), await target.getAttribute('aria-describedby'))
    await target.tap({ timeout: timeoutMs })
    const typed = scenario.reaction === 'value' || scenario.reaction === 'checklist'
    if (typed) await page.keyboard.press('a')
    const done = `${scenario.reaction === 'checklist' ? 'checklist' : scenario.reaction}At`
    const from = typed ? 'keyAt' : 'tapAt'
    await page.waitForFunction(([key]) => (window.__firstInput[key] ?? -1) > 0, [done], { timeout: timeoutMs, polling: 50 })
    const state = await page.evaluate(() => window.__firstInput)
    return { reactionMs: Math.round(state[done] - state[from]), visibleMs, hydratedAtKey: state.hydratedAtKey }
  } finally {
    await context.close()
  }
}

/** Measures the scenarios of one page `runs` times each: p50 and max of the reaction time. */
export async function measureFirstInput(
  browser,
  baseUrl,
  path,
  { runs = 5, timeoutMs = 60_000, log = console.log, load = () => '', withoutEarlyScript = false } = {},
) {
  const out = []
  for (const scenario of firstInputScenarios(path)) {
    const samples = []
    for (let i = 0; i < runs; i++) {
      // A run that times out on a loaded machine (the page never showed) is run again, twice at most.
      let sample
      for (let attempt = 0; !sample; attempt++) {
        try {
          sample = await oneRun(browser, `${baseUrl}${path}`, scenario, timeoutMs, withoutEarlyScript)
        } catch (err) {
          if (attempt >= 2) throw err
          log(`${path} ${scenario.name}: ${err.name ?? 'error'} (${String(err.message).split('\n')[0]}); running again (load ${load()})`)
        }
      }
      samples.push(sample)
      log(
        `${path} ${scenario.name} run ${i + 1}/${runs}: reaction ${sample.reactionMs} ms (visible at ${sample.visibleMs} ms, hydrated at the key: ${sample.hydratedAtKey ?? '-'}; load ${load()})`,
      )
    }
    const times = samples.map((s) => s.reactionMs)
    out.push({
      page: path,
      scenario: scenario.name,
      reaction: scenario.reaction,
      runs,
      p50Ms: percentile(times, 50),
      maxMs: Math.max(...times),
      ok: Math.max(...times) <= FIRST_INPUT_TARGET_MS,
      samples,
    })
  }
  return out
}

export function printFirstInput(rows) {
  console.log(`${'page'.padEnd(22)}${'scenario'.padEnd(22)}${'p50 ms'.padStart(8)}${'max ms'.padStart(8)}`)
  for (const r of rows)
    console.log(r.page.padEnd(22) + r.scenario.padEnd(22) + `${r.p50Ms}`.padStart(8) + `${r.maxMs}${r.ok ? '' : '✗'}`.padStart(8))
}
