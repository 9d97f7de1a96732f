/* global fetch */
// npm run bench: measures the BUILT public and sign-in pages as a visitor's phone gets them.
//  1. starts the built server (node apps/api/dist/server.js) on a free port with a temp DATA_DIR;
//  2. for each page: loads it in Chromium and lists the JavaScript and CSS it downloads before the
//     page settles, with their raw and gzipped sizes (gzip computed here, whatever the server sends);
//  3. runs Lighthouse 12 (mobile, simulated throttling) --runs times per page (default 3): the
//     performance, accessibility, best-practices and SEO scores, LCP, CLS and TBT are medians;
//  4. prints one table against the targets (issue 10) with the load average (simulated throttling
//     scales with the host's CPU: scores taken under load are depressed) and writes
//     bench/results/pages-<time>.json (+ pages-latest.json, <page>-latest.lhr.json of the median run).
// Options: --build (run `npm run build` first), --runs N, --pages /,/precios (default: all listed
//   below; --path /x is one page), --url http://host:port (measure a server that is already running),
//   --server path/to/apps/api/dist/server.js (a copy of the build, when others rebuild this tree)
//  5. first-input delay per page (issue 21, decision 205; bench/lib/first-input.mjs): CPU slowed 4×,
//     Fast 3G; the first key in the page's first field (or the first tap on its first button) as soon
//     as it shows, until a visible reaction; p50/max of --first-input-runs (default 5) per page,
//     target ≤ 300 ms. The server-rendered trainer search (/entrenadores) is measured here too.
//     --first-input-only skips Lighthouse; --no-first-input skips this step; --without-early-script
//     measures the pages without their inline public/early-clicks.js (the comparison in decision 205).
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { createRequire } from 'node:module'
import { freePort, option as cliOption } from './lib/cli.mjs'
import { FIRST_INPUT_TARGET_MS, measureFirstInput, printFirstInput } from './lib/first-input.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
// Lighthouse, chrome-launcher and playwright-core are devDependencies of apps/web.
const requireWeb = createRequire(join(root, 'apps/web/package.json'))
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu']

const args = process.argv.slice(2)
const option = (name, fallback) => cliOption(args, name, fallback)
const runs = Number(option('runs', 3))
const allPages = ['/', '/precios', '/privacidad', '/terminos', '/business/login', '/business/registro', '/auth/login', '/auth/register']
const pages = (option('pages', undefined) ?? option('path', undefined))?.split(',').filter(Boolean) ?? allPages
const externalUrl = option('url', undefined)
const serverFile = option('server', join(root, 'apps/api/dist/server.js'))
const firstInputOnly = args.includes('--first-input-only')
const withoutEarlyScript = args.includes('--without-early-script')
const firstInputRuns = args.includes('--no-first-input') ? 0 : Number(option('first-input-runs', 5))
// The trainer pages are rendered by the API per request (decision 143): no Lighthouse here, but the
// first input is measured on the search page (a trainer's page needs a published trainer).
const firstInputPages = [...pages, ...((option('pages', undefined) ?? option('path', undefined)) ? [] : ['/entrenadores'])]

const targets = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100, lcpMs: 2000, cls: 0.02, initialJsGzipKb: 120 }

async function waitForHealth(url, server, timeoutMs = 120_000) {
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    if (server && server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('server did not become healthy in time')
}

/** JS and CSS a phone-sized Chromium downloads for the page until the network is idle. */
async function measureAssets(browser, url) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 })
  try {
    const assets = []
    page.on('response', async (response) => {
      const type = response.request().resourceType()
      if (type !== 'script' && type !== 'stylesheet') return
      const body = await response.body().catch(() => null)
      if (!body) return
      const headers = response.headers()
      assets.push({
        type: type === 'script' ? 'js' : 'css',
        file: new URL(response.url()).pathname,
        rawBytes: body.length,
        gzipBytes: gzipSync(body, { level: 9 }).length,
        servedEncoding: headers['content-encoding'] ?? 'identity',
      })
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.waitForTimeout(500)
    const sum = (type, key) => assets.filter((a) => a.type === type).reduce((n, a) => n + a[key], 0)
    return {
      assets: assets.sort((a, b) => b.gzipBytes - a.gzipBytes),
      js: { files: assets.filter((a) => a.type === 'js').length, rawBytes: sum('js', 'rawBytes'), gzipBytes: sum('js', 'gzipBytes') },
      css: { files: assets.filter((a) => a.type === 'css').length, rawBytes: sum('css', 'rawBytes'), gzipBytes: sum('css', 'gzipBytes') },
    }
  } finally {
    await page.close()
  }
}

async function runLighthouse(url) {
  const { default: lighthouse } = await import(requireWeb.resolve('lighthouse'))
  const chromeLauncher = await import(requireWeb.resolve('chrome-launcher'))
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    const lhr = result.lhr
    const audit = (id) => lhr.audits[id]?.numericValue ?? null
    const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100)
    const failed = (id) =>
      Object.values(lhr.audits)
        .filter((a) => lhr.categories[id].auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score !== null && a.score < 1)
        .map((a) => a.id)
    return {
      lhr,
      lighthouseVersion: lhr.lighthouseVersion,
      formFactor: lhr.configSettings.formFactor,
      throttling: lhr.configSettings.throttlingMethod,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: Math.round(audit('first-contentful-paint')),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      cls: Number((audit('cumulative-layout-shift') ?? 0).toFixed(4)),
      tbtMs: Math.round(audit('total-blocking-time')),
      speedIndexMs: Math.round(audit('speed-index')),
      totalByteWeight: audit('total-byte-weight'),
      runtimeError: lhr.runtimeError?.message,
      failedAudits: { accessibility: failed('accessibility'), bestPractices: failed('best-practices'), seo: failed('seo') },
      opportunities: Object.values(lhr.audits)
        .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) > 0)
        .map((a) => `${a.id}: ~${Math.round(a.details.overallSavingsMs)} ms`),
    }
  } finally {
    await chrome.kill()
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
const fileName = (path) => (path === '/' ? 'landing' : path.replace(/\W+/g, '-').replace(/^-|-$/g, ''))

async function measurePage(browser, baseUrl, path) {
  const url = `${baseUrl}${path}`
  const initial = await measureAssets(browser, url)
  const lighthouseRuns = []
  for (let i = 0; i < runs; i++) {
    // Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): run again.
    let run = await runLighthouse(url)
    for (let retry = 0; run.runtimeError && retry < 2; retry++) {
      console.log(`${path}: Lighthouse failed (${run.runtimeError}); running again`)
      run = await runLighthouse(url)
    }
    if (run.runtimeError) throw new Error(`Lighthouse on ${path}: ${run.runtimeError}`)
    lighthouseRuns.push(run)
    console.log(
      `${path} run ${i + 1}/${runs}: perf ${run.performance}, a11y ${run.accessibility}, bp ${run.bestPractices}, seo ${run.seo}, LCP ${run.lcpMs} ms, CLS ${run.cls}, TBT ${run.tbtMs} ms (load ${load()})`,
    )
  }
  const byPerf = [...lighthouseRuns].sort((a, b) => a.performance - b.performance)
  const medianRun = byPerf[Math.floor(byPerf.length / 2)]
  const medianLhr = medianRun.lhr
  for (const run of lighthouseRuns) delete run.lhr
  const m = (key) => median(lighthouseRuns.map((r) => r[key]))
  const summary = {
    page: path,
    initialJs: {
      files: initial.js.files,
      gzipKb: +(initial.js.gzipBytes / 1024).toFixed(1),
      rawKb: +(initial.js.rawBytes / 1024).toFixed(1),
    },
    initialCss: {
      files: initial.css.files,
      gzipKb: +(initial.css.gzipBytes / 1024).toFixed(1),
      rawKb: +(initial.css.rawBytes / 1024).toFixed(1),
    },
    lighthouse: {
      runs,
      performance: m('performance'),
      accessibility: m('accessibility'),
      bestPractices: m('bestPractices'),
      seo: m('seo'),
      lcpMs: m('lcpMs'),
      cls: m('cls'),
      tbtMs: m('tbtMs'),
      fcpMs: m('fcpMs'),
      speedIndexMs: m('speedIndexMs'),
    },
  }
  const l = summary.lighthouse
  const checks = {
    performance: l.performance >= targets.performance,
    accessibility: l.accessibility >= targets.accessibility,
    bestPractices: l.bestPractices >= targets.bestPractices,
    seo: l.seo >= targets.seo,
    lcp: l.lcpMs <= targets.lcpMs,
    cls: l.cls <= targets.cls,
    initialJs: summary.initialJs.gzipKb <= targets.initialJsGzipKb,
  }
  writeFileSync(join(outDir, `${fileName(path)}-latest.lhr.json`), JSON.stringify(medianLhr))
  return {
    ...summary,
    checks,
    lighthouseVersion: medianRun.lighthouseVersion,
    assets: initial.assets,
    lighthouseRuns,
    medianRunDetails: {
      failedAudits: medianRun.failedAudits,
      opportunities: medianRun.opportunities,
      servedEncodings: [...new Set(initial.assets.map((a) => a.servedEncoding))],
    },
  }
}

if (args.includes('--build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
for (const file of ['apps/api/dist/server.js', 'apps/web/dist/index.html']) {
  if (!externalUrl && !existsSync(join(root, file))) {
    console.error(`${file} is missing: run \`npm run build\` first (or \`npm run bench -- --build\`).`)
    process.exit(1)
  }
}

const outDir = join(root, 'bench/results')
mkdirSync(outDir, { recursive: true })
const port = await freePort()
const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'))
const baseUrl = externalUrl ?? `http://127.0.0.1:${port}`
const server = externalUrl
  ? null
  : spawn(process.execPath, [serverFile], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        // A production start needs these to run without Stripe and SMTP.
        ALLOW_SANDBOX_PAYMENTS: 'true',
        MAIL_TRANSPORT: 'log',
        LOG_LEVEL: 'warn',
        JWT_ACCESS_SECRET: randomBytes(32).toString('hex'),
        JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    })

let exitCode = 0
try {
  await waitForHealth(baseUrl, server)
  const loadBefore = load()
  const measuredAt = new Date().toISOString()
  const { chromium } = requireWeb('playwright-core')
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] })
  const results = []
  const firstInput = []
  try {
    if (!firstInputOnly) for (const path of pages) results.push(await measurePage(browser, baseUrl, path))
    if (firstInputRuns > 0) {
      const firstInputLoadBefore = load()
      for (const path of firstInputPages)
        firstInput.push(...(await measureFirstInput(browser, baseUrl, path, { runs: firstInputRuns, load, withoutEarlyScript })))
      const firstInputReport = {
        measuredAt,
        baseUrl,
        chromium: chromePath,
        cpuSlowdown: 4,
        network: 'Fast 3G (562.5 ms, 1.44 Mbps down, 675 kbps up)',
        runsPerScenario: firstInputRuns,
        withoutEarlyScript,
        targetMs: FIRST_INPUT_TARGET_MS,
        loadAverage: { before: firstInputLoadBefore, after: load() },
        pages: firstInput,
      }
      const stamp = measuredAt.replace(/[:.]/g, '-')
      writeFileSync(join(outDir, `first-input-${stamp}.json`), JSON.stringify(firstInputReport, null, 2))
      if (!withoutEarlyScript) writeFileSync(join(outDir, 'first-input-latest.json'), JSON.stringify(firstInputReport, null, 2))
    }
  } finally {
    await browser.close()
  }
  const loadAfter = load()
  if (firstInput.length > 0) {
    console.log(
      `\nFirst input (CPU 4×, Fast 3G): key or tap as soon as the field or button shows → visible reaction, ${firstInputRuns} runs; target ≤ ${FIRST_INPUT_TARGET_MS} ms (✗ = missed); load average ${loadBefore} → ${loadAfter}`,
    )
    printFirstInput(firstInput)
    console.log('Results: bench/results/first-input-latest.json')
    if (firstInput.some((r) => !r.ok)) exitCode = 1
  }
  if (!firstInputOnly) reportPages(results, measuredAt, loadBefore, loadAfter)
} catch (err) {
  console.error(err)
  exitCode = 1
} finally {
  if (server) {
    server.kill('SIGTERM')
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)))
  }
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(exitCode)

/** The Lighthouse table and bench/results/pages-*.json. */
function reportPages(results, measuredAt, loadBefore, loadAfter) {
  const report = {
    measuredAt,
    baseUrl,
    chromium: chromePath,
    runsPerPage: runs,
    loadAverage: { before: loadBefore, after: loadAfter },
    targets,
    pages: results,
  }
  const stamp = measuredAt.replace(/[:.]/g, '-')
  writeFileSync(join(outDir, `pages-${stamp}.json`), JSON.stringify(report, null, 2))
  writeFileSync(join(outDir, 'pages-latest.json'), JSON.stringify(report, null, 2))

  const cell = (value, ok, width) => `${value}${ok ? '' : '✗'}`.padStart(width)
  console.log(
    `\nBuilt pages, Lighthouse ${results[0]?.lighthouseVersion} mobile (simulated throttling), median of ${runs} runs; load average ${loadBefore} → ${loadAfter}`,
  )
  console.log(
    `targets: perf ≥ ${targets.performance}, a11y ${targets.accessibility}, bp ${targets.bestPractices}, SEO ${targets.seo}, LCP ≤ ${targets.lcpMs} ms, CLS ≤ ${targets.cls}, JS ≤ ${targets.initialJsGzipKb} KB gz (✗ = missed)`,
  )
  console.log(
    `${'page'.padEnd(20)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'bp'.padStart(6)}${'seo'.padStart(6)}${'LCP ms'.padStart(9)}${'FCP ms'.padStart(9)}${'TBT ms'.padStart(9)}${'CLS'.padStart(8)}${'JS KB gz'.padStart(10)}${'CSS KB gz'.padStart(11)}`,
  )
  for (const r of results) {
    const l = r.lighthouse
    console.log(
      r.page.padEnd(20) +
        cell(l.performance, r.checks.performance, 6) +
        cell(l.accessibility, r.checks.accessibility, 6) +
        cell(l.bestPractices, r.checks.bestPractices, 6) +
        cell(l.seo, r.checks.seo, 6) +
        cell(l.lcpMs, r.checks.lcp, 9) +
        `${l.fcpMs}`.padStart(9) +
        `${l.tbtMs}`.padStart(9) +
        cell(l.cls, r.checks.cls, 8) +
        cell(r.initialJs.gzipKb, r.checks.initialJs, 10) +
        `${r.initialCss.gzipKb}`.padStart(11),
    )
  }
  for (const r of results) {
    const failed = Object.entries(r.medianRunDetails.failedAudits).filter(([, ids]) => ids.length)
    if (failed.length) console.log(`  ${r.page}: failed audits ${failed.map(([cat, ids]) => `${cat}: ${ids.join(', ')}`).join('; ')}`)
  }
  const missed = results.filter((r) => Object.values(r.checks).includes(false)).map((r) => r.page)
  console.log(missed.length ? `\nMissed targets on: ${missed.join(', ')}` : '\nEvery page meets every target.')
  console.log('Results: bench/results/pages-latest.json')
}
