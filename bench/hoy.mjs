/* global fetch, document, window, performance, requestAnimationFrame, MutationObserver, navigator, Element, PerformanceObserver */
// npm run bench:hoy: the client's "Hoy" page on a slow phone (issue 25's second figure).
//  1. starts the built server (apps/api/dist + apps/web/dist, NODE_ENV=production) on a fresh
//     PostgreSQL database (BENCH_DATABASE_URL or the local server; dropped afterwards);
//  2. seeds a trainer and a client (SQL), a program of today's session assigned through the API,
//     and signs the client in through the API;
//  3. per run, in a fresh Chromium context at 375 px (CPU slowed 4×, DevTools' Fast 3G, as
//     bench/lib/first-input.mjs): opens /cliente signed in (the session stored beforehand, a blank
//     tab's first page), waits for the first set's "done" button and taps it at once (one CDP
//     touch at its centre, decision 254); `shown` = the frame that first drew it, `interactive` = the frame
//     after the tap's visible reaction (the button pressed), both from the navigation's start
//     (target ≤ 2,500 ms); then cuts the network and taps the second set's "done": the reaction,
//     from the tap's own event time to the frame that shows it pressed (target ≤ 100 ms, offline);
//  4. prints p50/max per figure and writes bench/results/hoy-<time>.json with the load average.
// Options: --runs N (default 5); --returning: each run first opens /cliente once unthrottled in
// the same context (its service worker installed, the page and scripts kept), then measures the
// next visit, a returning client's (default: a first visit, nothing kept); --h2: through a TLS +
// HTTP/2 proxy in front of the server, as the documented production (bench/lib/h2-proxy.mjs;
// default: the server itself, plain HTTP/1.1, six connections a host). Each run prints the
// protocol and the Content-Encoding of the scripts; --trace: the main thread's long tasks up to the
// first tap's reaction and in the offline tap (a Chrome trace); PROFILE_TAP=1: a CPU profile of the
// offline tap. "Done" is a set's button in an exercise card (`DONE_BUTTON`), never the header's
// language switch (also aria-pressed; decision 253). The offline tap is also reported as the Event
// Timing API counts it (INP). A benchmark, not a test: the figures depend on the machine's load.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { closeSync, cpSync, existsSync, readFileSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, option as cliOption } from './lib/cli.mjs'
import { CPU_SLOWDOWN, FAST_3G } from './lib/first-input.mjs'
import { startH2Proxy } from './lib/h2-proxy.mjs'
import { mainThreadSummary, readTraceStream, TRACE_CATEGORIES } from './lib/main-thread.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const requireApi = createRequire(join(root, 'apps/api/package.json'))
const requireWeb = createRequire(join(root, 'apps/web/package.json'))
const pg = requireApi('pg')
const argon2 = requireApi('@node-rs/argon2')
const args = process.argv.slice(2)
const RUNS = Number(cliOption(args, 'runs', 5))
const RETURNING = args.includes('--returning')
const H2 = args.includes('--h2')
// --trace: records the first visit's main thread (a Chrome trace, some overhead) up to the first
// tap's reaction and prints its long tasks and what ran in them.
const TRACE = args.includes('--trace')
const TARGET_INTERACTIVE_MS = 2500
const TARGET_TAP_MS = 100
/** A set's "done" button not yet pressed, in an exercise card (not the header's language switch, also aria-pressed). */
const DONE_BUTTON = 'main article ol button[aria-pressed="false"]'
const PASSWORD = 'Bench-secret-1'
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const loads = () => loadavg().map((l) => +l.toFixed(2))
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const santiagoToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date())

async function query(url, sql, params) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  await client.connect()
  try {
    return (await client.query(sql, params)).rows
  } finally {
    await client.end()
  }
}

async function api(base, path, { token, body, method = body ? 'POST' : 'GET', status = 200 } = {}) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  if (res.status !== status) throw new Error(`${method} ${path} answered ${res.status}: ${text}`)
  return JSON.parse(text)
}

/** A trainer and a client linked outside the platform; today's session of three exercises, four sets each. */
async function seed(dbUrl, base) {
  const tag = randomBytes(4).toString('hex')
  const hash = await argon2.hash(PASSWORD, { algorithm: 2, memoryCost: 12_288, timeCost: 3, parallelism: 1 })
  const coach = `bench-hoy-coach-${tag}@example.com`
  const member = `bench-hoy-client-${tag}@example.com`
  await query(
    dbUrl,
    `insert into users (email, password_hash, first_name, last_name, role)
     values ($2, $1, 'Tomás', 'Vera', 'trainer'), ($3, $1, 'Marta', 'Cliente', 'member')`,
    [hash, coach, member],
  )
  await query(
    dbUrl,
    `insert into trainers (user_id, first_name, last_name, email) select id, first_name, last_name, email from users where email = $1`,
    [coach],
  )
  await query(
    dbUrl,
    `insert into coaching_links (trainer_id, client_user_id) select t.id, u.id from trainers t, users u where t.email = $1 and u.email = $2`,
    [coach, member],
  )
  const exercises = await query(dbUrl, `select id from exercises where source = 'library' order by slug limit 3`)
  const trainer = await api(base, '/auth/email/login', { body: { email: coach, password: PASSWORD } })
  const items = exercises.map((e) => ({
    exerciseId: e.id,
    sets: 4,
    reps: { min: 8, max: 10 },
    load: { kind: 'kg', value: 40 },
    restSeconds: 90,
  }))
  const content = { weeks: [{ days: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, title: 'Fuerza', items })) }] }
  const program = await api(base, '/trainer/programs', { token: trainer.token, body: { title: 'Fuerza base', content }, status: 201 })
  const clientSession = await api(base, '/auth/email/login', { body: { email: member, password: PASSWORD } })
  await api(base, `/trainer/programs/${program.id}/assignments`, {
    token: trainer.token,
    body: { clientUserIds: [clientSession.user.id], startDate: santiagoToday() },
    status: 201,
  })
  return clientSession
}

/** In the page before its scripts: when the first "done" button shows, and when taps show their reaction. */
function probe() {
  const state = { shownAt: null, taps: [] }
  window.__hoy = state
  const frame = (fn) => requestAnimationFrame(() => fn(performance.now()))
  new MutationObserver(() => {
    // A set's "done" (an exercise card's list): the header's language switch is a pressed button too.
    if (state.shownAt === null && document.querySelector('main article ol button[aria-pressed="false"]')) {
      state.shownAt = -1
      frame((t) => (state.shownAt = t))
    }
    for (const tap of state.taps)
      if (tap.reactedAt === null && tap.button.getAttribute('aria-pressed') === 'true') {
        tap.reactedAt = -1
        frame((t) => (tap.reactedAt = t))
      }
  }).observe(document, { subtree: true, childList: true, attributes: true })
  document.addEventListener(
    'pointerdown',
    (e) => {
      const button = e.target instanceof Element ? e.target.closest('main article ol button[aria-pressed]') : null
      if (button) state.taps.push({ button, at: e.timeStamp, clickAt: null, reactedAt: null })
    },
    true,
  )
  // The click: the moment the browser knows it was a tap (the finger lifted).
  document.addEventListener(
    'click',
    (e) => {
      const tap = state.taps.at(-1)
      if (tap && tap.clickAt === null && e.target instanceof Element && tap.button.contains(e.target)) tap.clickAt = e.timeStamp
    },
    true,
  )
  // The Event Timing API (what INP is made of): each event of an interaction, from its own time
  // to the next frame painted after its handlers; events under 16 ms are not reported.
  state.events = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId) state.events.push({ name: e.name, startTime: e.startTime, duration: e.duration, interactionId: e.interactionId })
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
}

/**
 * Each tap: its pointerdown, click and reaction times, and its interaction's latency as INP counts
 * it (the longest of its events' durations; at most 16 when none was reported).
 */
const readTaps = (page) =>
  page.evaluate(() =>
    window.__hoy.taps.map((t) => {
      const own = window.__hoy.events.filter(
        (e) => Math.abs(e.startTime - t.at) < 1 || (t.clickAt !== null && Math.abs(e.startTime - t.clickAt) < 1),
      )
      const ids = new Set(own.map((e) => e.interactionId))
      const events = window.__hoy.events.filter((e) => ids.has(e.interactionId))
      return {
        at: t.at,
        clickAt: t.clickAt,
        reactedAt: t.reactedAt,
        interactionMs: events.length ? Math.max(...events.map((e) => e.duration)) : 16,
        events: events.map((e) => `${e.name} ${Math.round(e.startTime - t.at)}+${e.duration}`),
      }
    }),
  )
const waitReacted = (page, n) =>
  page.waitForFunction((i) => (window.__hoy.taps[i]?.reactedAt ?? -1) > 0, n, { timeout: 30_000, polling: 50 })

/** The centre of the first set's "done" button once the page has drawn it (polled every 20 ms). */
async function shownButtonCenter(cdp) {
  const expression = `(() => {
    const b = window.__hoy && window.__hoy.shownAt > 0 && document.querySelector(${JSON.stringify(DONE_BUTTON)})
    if (!b) return null
    let r = b.getBoundingClientRect()
    if (!r.width) return null
    // Above the tab bar, as a thumb would bring it (Playwright's tap scrolls the same way).
    if (r.top < 64 || r.bottom > innerHeight - 80) {
      b.scrollIntoView({ block: 'center', behavior: 'instant' })
      r = b.getBoundingClientRect()
    }
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 }
  })()`
  const until = Date.now() + 60_000
  while (Date.now() < until) {
    const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true })
    if (result.value) return result.value
    await sleep(20)
  }
  throw new Error('no set button within 60 s')
}

async function oneRun(browser, base, session) {
  // The session in the origin's storage from the start (as a client who signed in before): the
  // first page is /cliente itself, from a blank tab, as a first visit is. Navigating from another
  // page of the origin (how this bench stored it before) made the new page wait for the old one's
  // unload in the same renderer: ~0.45–0.6 s at 4× CPU before the HTML was parsed (decision 254).
  const storageState = {
    cookies: [],
    origins: [
      {
        origin: base,
        localStorage: [
          { name: 'entrenapp.user', value: JSON.stringify(session.user) },
          { name: 'entrenapp.token', value: session.token },
          { name: 'entrenapp.refreshToken', value: session.refreshToken },
        ],
      },
    ],
  }
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    storageState,
  })
  try {
    const page = await context.newPage()
    if (process.env.HOY_CONSOLE) {
      page.on('console', (m) => console.log('  [page]', m.type(), m.text()))
      page.on('pageerror', (e) => console.log('  [page error]', e.message))
    }
    if (RETURNING) {
      // The earlier visit: the worker active and controlling, the first visit's files copied into its cache.
      await page.goto(`${base}/cliente`)
      await page.locator(DONE_BUTTON).first().waitFor({ state: 'visible', timeout: 60_000 })
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 60_000, polling: 250 })
      await sleep(1500)
    }
    await page.addInitScript(probe)
    const cdp = await context.newCDPSession(page)
    // How each script came: the Content-Encoding the server chose (br, gzip or none).
    const encodings = new Map()
    cdp.on('Network.responseReceived', ({ response }) => {
      const header = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')
      encodings.set(new URL(response.url).pathname, header ? header[1] : 'none')
    })
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', FAST_3G)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    if (TRACE) await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: TRACE_CATEGORIES } })
    await page.goto(`${base}/cliente`, { waitUntil: 'commit' })
    // The first set's button tapped the moment it is drawn, as a thumb would: watched with plain
    // CDP evaluations and tapped with one CDP touch. Playwright's locator would first evaluate its
    // own injected script in the page (~0.2 s of the 4× slower main thread, in the page's first
    // seconds) and then check the button over several round trips (decision 254).
    const point = await shownButtonCenter(cdp)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] })
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await waitReacted(page, 0).catch(async (error) => {
      const seen = await page.evaluate(() => ({
        taps: window.__hoy.taps.length,
        island: !!document.getElementById('hoy-island'),
        at: document.elementFromPoint(0, 0) && document.activeElement?.outerHTML.slice(0, 120),
      }))
      console.log(`  the first tap at ${JSON.stringify(point)} was not seen answered: ${JSON.stringify(seen)}`)
      throw error
    })
    const shownMs = await page.evaluate(() => window.__hoy.shownAt)
    const [tap] = await readTaps(page)
    let mainThread = null
    if (TRACE) {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
      await cdp.send('Tracing.end')
      const events = await readTraceStream(cdp, (await complete).stream)
      if (process.env.HOY_TRACE_FILE) writeFileSync(process.env.HOY_TRACE_FILE, JSON.stringify(events))
      mainThread = mainThreadSummary(events, { from: 0, to: tap.reactedAt, minMs: 30 })
      console.log(
        `  main thread until the tap's reaction (${Math.round(tap.reactedAt)} ms): ${mainThread.busyMs} ms busy in ${mainThread.tasks} tasks; over 30 ms:`,
      )
      for (const t of mainThread.long) console.log(`    ${t.startMs} ms +${t.ms}: ${t.top.join(' · ')}`)
    }
    // Where the time went: each download (start, end, bytes) and the document's own.
    const timeline = await page.evaluate(() => [
      ...performance.getEntriesByType('navigation').map((e) => ['document', e.startTime, e.responseEnd, e.transferSize, e.nextHopProtocol]),
      ...performance
        .getEntriesByType('resource')
        .map((e) => [new URL(e.name).pathname, e.startTime, e.responseEnd, e.transferSize, e.nextHopProtocol])
        .filter(([, start]) => start < 20_000),
    ])
    // Let the first set's write reach the server and the service worker take over (noted), then cut the network.
    const worker = await page
      .waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration('/cliente'))?.active, null, {
        timeout: 60_000,
        polling: 250,
      })
      .then(
        () => true,
        () => false,
      )
    // The app in place of the HTML's own day (decision 254): the offline tap is the app's, once it
    // has settled (its code now arrives after the day, so its first work ends later than before).
    await page.waitForFunction(() => !document.getElementById('hoy-island'), null, { timeout: 60_000, polling: 250 })
    await sleep(3000)
    await context.setOffline(true)
    await cdp.send('Network.emulateNetworkConditions', { ...FAST_3G, offline: true })
    const next = page.locator(DONE_BUTTON).first()
    if (TRACE) await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: TRACE_CATEGORIES } })
    if (process.env.PROFILE_TAP) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
      await cdp.send('Profiler.start')
    }
    await next.tap()
    await waitReacted(page, 1).catch(async (error) => {
      const row = await page.evaluate(() => {
        const tap = window.__hoy.taps[1]
        return tap ? tap.button.closest('li')?.textContent : `no pointerdown on a set (${window.__hoy.taps.length} taps)`
      })
      console.log(`  the offline tap was not seen answered: ${row}`)
      throw error
    })
    const offlineTap = (await readTaps(page))[1]
    if (process.env.PROFILE_TAP) {
      const { profile } = await cdp.send('Profiler.stop')
      const byId = new Map(profile.nodes.map((n) => [n.id, { ...n, self: 0, total: 0 }]))
      const parent = new Map()
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
      const dt = profile.timeDeltas
      profile.samples.forEach((id, i) => {
        const ms = (dt[i + 1] ?? dt[i]) / 1000
        byId.get(id).self += ms
        const seen = new Set()
        for (let at = id; at !== undefined; at = parent.get(at)) {
          const node = byId.get(at)
          const name = `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}`
          if (!seen.has(name)) node.total += ms
          seen.add(name)
        }
      })
      const rows = (key) => {
        const sum = new Map()
        for (const n of byId.values()) {
          const name = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`
          sum.set(name, (sum.get(name) ?? 0) + n[key])
        }
        return [...sum].sort((a, b) => b[1] - a[1]).slice(0, 25)
      }
      console.log(
        '  self:',
        rows('self')
          .map(([n, ms]) => `${n} ${ms.toFixed(1)}`)
          .join('\n        '),
      )
      console.log(
        '  total:',
        rows('total')
          .map(([n, ms]) => `${n} ${ms.toFixed(1)}`)
          .join('\n        '),
      )
    }
    if (TRACE) {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
      await cdp.send('Tracing.end')
      const events = await readTraceStream(cdp, (await complete).stream)
      const tapTask = mainThreadSummary(events, { minMs: 1, around: { from: offlineTap.at, to: offlineTap.reactedAt } })
      console.log(
        `  the offline tap (${Math.round(offlineTap.reactedAt - offlineTap.at)} ms): ${tapTask.busyMs} ms busy in ${tapTask.tasks} tasks:`,
      )
      for (const t of tapTask.long) console.log(`    +${t.startMs} ms, ${t.ms} ms: ${t.top.join(' · ')}`)
    }
    return {
      shownMs: Math.round(shownMs),
      interactiveMs: Math.round(tap.reactedAt),
      firstTapMs: Math.round(tap.reactedAt - tap.at),
      offlineTapMs: Math.round(offlineTap.reactedAt - offlineTap.at),
      offlineTapFromClickMs: offlineTap.clickAt === null ? null : Math.round(offlineTap.reactedAt - offlineTap.clickAt),
      offlineTapInteractionMs: offlineTap.interactionMs,
      offlineTapEvents: offlineTap.events,
      downloads: timeline.map(([name, start, end, bytes, protocol]) => ({
        name,
        startMs: Math.round(start),
        endMs: Math.round(end),
        bytes,
        protocol,
        encoding: encodings.get(name) ?? null,
      })),
      serviceWorker: worker,
      mainThread,
    }
  } finally {
    await context.close()
  }
}

const stats = (values) => {
  const s = [...values].sort((a, b) => a - b)
  return { p50: s[Math.floor((s.length - 1) / 2)], max: s.at(-1) }
}

async function main() {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first')
  if (!existsSync(join(root, 'apps/api/dist/server.js'))) {
    const r = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' })
    if (r.status !== 0) process.exit(r.status ?? 1)
  }
  // A copy at dist's depth (it finds drizzle/ and node_modules): others may rebuild dist meanwhile.
  const build = join(root, `apps/api/.test-build-bench-hoy-${process.pid}`)
  cpSync(join(root, 'apps/api/dist'), build, { recursive: true })
  const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
  const dbName = `bench_hoy_${randomBytes(4).toString('hex')}`
  await query(serverUrl, `create database ${dbName}`)
  const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString()
  const port = await freePort()
  const proxyPort = H2 ? await freePort() : null
  // What the browser opens: the server itself, or the HTTP/2 proxy in front of it.
  const base = H2 ? `https://127.0.0.1:${proxyPort}` : `http://127.0.0.1:${port}`
  const direct = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-hoy-'))
  const logFile = join(dataDir, 'server.log')
  const logFd = openSync(logFile, 'a')
  const server = spawn(process.execPath, [join(build, 'server.js')], {
    cwd: root,
    stdio: ['ignore', logFd, logFd],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      REDIS_URL: '',
      SMTP_URL: '',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      MAIL_TRANSPORT: 'log',
      LOG_LEVEL: 'warn',
      JWT_ACCESS_SECRET: randomBytes(32).toString('hex'),
      JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
    },
  })
  closeSync(logFd)
  const report = {
    startedAt: new Date().toISOString(),
    visit: RETURNING ? 'returning' : 'first',
    protocol: H2 ? 'TLS + HTTP/2 proxy' : 'HTTP/1.1 (plain)',
    loadAverage: loads(),
    cpuSlowdown: CPU_SLOWDOWN,
    network: FAST_3G,
    runs: [],
  }
  let browser
  let closeProxy
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null)
        throw new Error(`server exited with code ${server.exitCode}: ${readFileSync(logFile, 'utf8').slice(-2000)}`)
      if (
        await fetch(`${direct}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break
      if (i > 600) throw new Error('server did not become healthy in time')
      await sleep(100)
    }
    const session = await seed(dbUrl, direct)
    if (H2) closeProxy = await startH2Proxy({ port: proxyPort, upstreamPort: port, dir: dataDir })
    const { chromium } = requireWeb('playwright-core')
    browser = await chromium.launch({
      executablePath: chromePath,
      args: ['--no-sandbox', '--disable-gpu', ...(H2 ? ['--ignore-certificate-errors'] : [])],
    })
    console.log(
      `"Hoy" at 375 px, CPU ${CPU_SLOWDOWN}× slower (CDP Emulation.setCPUThrottlingRate), network Fast 3G (CDP: ${FAST_3G.latency} ms, ${Math.round(FAST_3G.downloadThroughput / 1024)} KB/s down), ${report.protocol}, ${RETURNING ? 'returning' : 'first'} visit`,
    )
    for (let i = 0; i < RUNS; i++) {
      const run = await oneRun(browser, base, session)
      report.runs.push({ ...run, load: loads()[0] })
      // The page's own downloads: the service worker fetches them again once it installs (0 bytes, later).
      const js = run.downloads.filter((d, i, all) => d.name.endsWith('.js') && all.findIndex((e) => e.name === d.name) === i)
      const today = run.downloads.find((d) => d.name === '/api/v1/client/today')
      const tally = (key) => [...new Set(js.map((d) => d[key] ?? '?'))].join('/')
      console.log(
        `  document ${run.downloads[0]?.endMs} ms (${run.downloads[0]?.protocol}); ${js.length} scripts (${tally('protocol')}, Content-Encoding ${tally('encoding')}), ${Math.round(js.reduce((n, d) => n + d.bytes, 0) / 1024)} KB, the last at ${Math.max(...js.map((d) => d.endMs))} ms; /client/today ${today ? `${today.startMs}–${today.endMs} ms` : 'not fetched'}`,
      )
      console.log(
        `run ${i + 1}/${RUNS}: shown ${run.shownMs} ms, interactive ${run.interactiveMs} ms (first tap ${run.firstTapMs} ms), offline tap ${run.offlineTapMs} ms (from the click ${run.offlineTapFromClickMs} ms; interaction ${run.offlineTapInteractionMs} ms: ${run.offlineTapEvents.join(', ')}) (load ${loads()[0]})`,
      )
    }
  } finally {
    await browser?.close()
    await closeProxy?.()
    server.kill('SIGTERM')
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r))
    await query(serverUrl, `drop database if exists ${dbName} with (force)`).catch(() => {})
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(build, { recursive: true, force: true })
  }
  for (const key of ['shownMs', 'interactiveMs', 'firstTapMs', 'offlineTapMs', 'offlineTapFromClickMs', 'offlineTapInteractionMs'])
    report[key] = stats(report.runs.map((r) => r[key]).filter((v) => v !== null))
  report.loadAverageAfter = loads()
  report.ok = report.interactiveMs.max <= TARGET_INTERACTIVE_MS && report.offlineTapMs.max <= TARGET_TAP_MS
  console.log(
    `\n"Hoy" at 375 px, CPU ${CPU_SLOWDOWN}× slower, Fast 3G, ${report.protocol}, ${RUNS} runs, ${RETURNING ? 'a returning visit' : 'a first visit'} (p50 / max):` +
      `\n  session shown          ${report.shownMs.p50} / ${report.shownMs.max} ms` +
      `\n  interactive (tap seen) ${report.interactiveMs.p50} / ${report.interactiveMs.max} ms (target ≤ ${TARGET_INTERACTIVE_MS})` +
      `\n  first tap reaction     ${report.firstTapMs.p50} / ${report.firstTapMs.max} ms` +
      `\n  offline tap reaction   ${report.offlineTapMs.p50} / ${report.offlineTapMs.max} ms from the pointerdown` +
      `\n                         ${report.offlineTapFromClickMs.p50} / ${report.offlineTapFromClickMs.max} ms from the click` +
      `\n  offline tap, as INP    ${report.offlineTapInteractionMs.p50} / ${report.offlineTapInteractionMs.max} ms (target ≤ ${TARGET_TAP_MS})` +
      `\n  load average ${report.loadAverage.join(' ')} before, ${report.loadAverageAfter.join(' ')} after: the figures depend on it`,
  )
  const outDir = join(root, 'bench/results')
  mkdirSync(outDir, { recursive: true })
  const file = join(outDir, `hoy-${report.startedAt.replace(/[:.]/g, '-')}.json`)
  writeFileSync(file, JSON.stringify(report, null, 2))
  console.log(`written ${file.slice(root.length)}`)
  process.exit(report.ok ? 0 : 1)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
