/* global fetch */
// npm run bench: measures the BUILT landing page as a visitor's phone gets it.
//  1. starts the built server (node apps/api/dist/server.js) on a free port with a temp DATA_DIR;
//  2. loads / in Chromium and lists the JavaScript and CSS it downloads before the page settles,
//     with their raw and gzipped sizes (gzip computed here, whatever the server sends);
//  3. runs Lighthouse 12 (mobile, simulated throttling) for performance and accessibility, with
//     LCP, CLS and TBT (median of --runs, default 3);
//  4. writes bench/results/landing-<time>.json (+ latest.json) and prints a summary against the targets.
// Options: --build (run `npm run build` first), --runs N, --path /precios,
//   --url http://host:port (measure a server that is already running instead of starting one)
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { createRequire } from 'node:module'

const root = fileURLToPath(new URL('..', import.meta.url))
// Lighthouse, chrome-launcher and playwright-core are devDependencies of apps/web.
const requireWeb = createRequire(join(root, 'apps/web/package.json'))
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu']

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : fallback
}
const runs = Number(option('runs', 3))
const path = option('path', '/')
const externalUrl = option('url', undefined)

const targets = { performance: 95, accessibility: 100, clsBelow: 0.05, initialJsGzipKb: 120 }

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

async function waitForHealth(url, server, timeoutMs = 30_000) {
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`)
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
async function measureAssets(url) {
  const { chromium } = requireWeb('playwright-core')
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 })
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
    await browser.close()
  }
}

let lastLhr = null
async function runLighthouse(url) {
  const { default: lighthouse } = await import(requireWeb.resolve('lighthouse'))
  const chromeLauncher = await import(requireWeb.resolve('chrome-launcher'))
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] })
    const lhr = result.lhr
    lastLhr = lhr
    const audit = (id) => lhr.audits[id]?.numericValue ?? null
    return {
      lighthouseVersion: lhr.lighthouseVersion,
      formFactor: lhr.configSettings.formFactor,
      throttling: lhr.configSettings.throttlingMethod,
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      fcpMs: Math.round(audit('first-contentful-paint')),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      cls: Number((audit('cumulative-layout-shift') ?? 0).toFixed(4)),
      tbtMs: Math.round(audit('total-blocking-time')),
      speedIndexMs: Math.round(audit('speed-index')),
      totalByteWeight: audit('total-byte-weight'),
      runtimeError: lhr.runtimeError?.message,
      failedAccessibilityAudits: Object.values(lhr.audits)
        .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score !== null && a.score < 1)
        .map((a) => a.id),
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

if (args.includes('--build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
for (const file of ['apps/api/dist/server.js', 'apps/web/dist/index.html']) {
  if (!existsSync(join(root, file))) {
    console.error(`${file} is missing: run \`npm run build\` first (or \`npm run bench -- --build\`).`)
    process.exit(1)
  }
}

const port = await freePort()
const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'))
const baseUrl = externalUrl ?? `http://127.0.0.1:${port}`
const server = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
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
    LOG_LEVEL: 'warn',
    JWT_ACCESS_SECRET: randomBytes(32).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
})

let exitCode = 0
try {
  await waitForHealth(baseUrl, server)
  const url = `${baseUrl}${path}`
  if (externalUrl) console.log(`measuring ${url} (the server started here is not used)`)
  const initial = await measureAssets(url)
  const lighthouseRuns = []
  for (let i = 0; i < runs; i++) {
    const run = await runLighthouse(url)
    if (run.runtimeError) throw new Error(`Lighthouse: ${run.runtimeError}`)
    lighthouseRuns.push({ ...run, lhr: lastLhr })
    console.log(`lighthouse run ${i + 1}/${runs}: performance ${run.performance}, accessibility ${run.accessibility}, LCP ${run.lcpMs} ms, CLS ${run.cls}, TBT ${run.tbtMs} ms`)
  }
  const byPerf = [...lighthouseRuns].sort((a, b) => a.performance - b.performance)
  const medianRun = byPerf[Math.floor(byPerf.length / 2)]
  const medianLhr = medianRun.lhr
  for (const run of lighthouseRuns) delete run.lhr
  const summary = {
    page: path,
    measuredAt: new Date().toISOString(),
    chromium: chromePath,
    initialJs: { files: initial.js.files, gzipKb: +(initial.js.gzipBytes / 1024).toFixed(1), rawKb: +(initial.js.rawBytes / 1024).toFixed(1) },
    initialCss: { files: initial.css.files, gzipKb: +(initial.css.gzipBytes / 1024).toFixed(1), rawKb: +(initial.css.rawBytes / 1024).toFixed(1) },
    lighthouse: {
      runs: runs,
      performance: median(lighthouseRuns.map((r) => r.performance)),
      accessibility: median(lighthouseRuns.map((r) => r.accessibility)),
      lcpMs: median(lighthouseRuns.map((r) => r.lcpMs)),
      cls: median(lighthouseRuns.map((r) => r.cls)),
      tbtMs: median(lighthouseRuns.map((r) => r.tbtMs)),
      fcpMs: median(lighthouseRuns.map((r) => r.fcpMs)),
      speedIndexMs: median(lighthouseRuns.map((r) => r.speedIndexMs)),
    },
  }
  const checks = {
    performance: summary.lighthouse.performance >= targets.performance,
    accessibility: summary.lighthouse.accessibility >= targets.accessibility,
    cls: summary.lighthouse.cls < targets.clsBelow,
    initialJs: summary.initialJs.gzipKb <= targets.initialJsGzipKb,
  }
  const report = { ...summary, targets, checks, assets: initial.assets, lighthouseRuns, medianRunDetails: { failedAccessibilityAudits: medianRun.failedAccessibilityAudits, opportunities: medianRun.opportunities, servedEncodings: [...new Set(initial.assets.map((a) => a.servedEncoding))] } }

  const outDir = join(root, 'bench/results')
  mkdirSync(outDir, { recursive: true })
  const stamp = summary.measuredAt.replace(/[:.]/g, '-')
  const name = path === '/' ? 'landing' : path.replace(/\W+/g, '-').replace(/^-|-$/g, '')
  writeFileSync(join(outDir, `${name}-${stamp}.json`), JSON.stringify(report, null, 2))
  writeFileSync(join(outDir, `${name}-latest.json`), JSON.stringify(report, null, 2))
  // The full Lighthouse report of the median run, for a closer look (open in the Lighthouse viewer).
  writeFileSync(join(outDir, `${name}-latest.lhr.json`), JSON.stringify(medianLhr))

  const mark = (ok) => (ok ? 'ok  ' : 'MISS')
  console.log(`\nBuilt page ${path} (${runs} Lighthouse ${medianRun.lighthouseVersion} runs, ${medianRun.formFactor}, ${medianRun.throttling} throttling, Chromium headless)`)
  console.log(`  initial JS   ${summary.initialJs.gzipKb} KB gzipped (${summary.initialJs.rawKb} KB raw, ${summary.initialJs.files} files)   ${mark(checks.initialJs)} target ≤ ${targets.initialJsGzipKb} KB`)
  console.log(`  initial CSS  ${summary.initialCss.gzipKb} KB gzipped (${summary.initialCss.rawKb} KB raw, ${summary.initialCss.files} files)`)
  console.log(`  performance  ${summary.lighthouse.performance}   ${mark(checks.performance)} target ≥ ${targets.performance}`)
  console.log(`  accessibility ${summary.lighthouse.accessibility}  ${mark(checks.accessibility)} target ${targets.accessibility}`)
  console.log(`  LCP ${summary.lighthouse.lcpMs} ms · FCP ${summary.lighthouse.fcpMs} ms · TBT ${summary.lighthouse.tbtMs} ms · CLS ${summary.lighthouse.cls} ${mark(checks.cls)} target < ${targets.clsBelow}`)
  console.log(`  served encodings: ${report.medianRunDetails.servedEncodings.join(', ')}`)
  if (report.medianRunDetails.failedAccessibilityAudits.length) console.log(`  failed accessibility audits: ${report.medianRunDetails.failedAccessibilityAudits.join(', ')}`)
  if (report.medianRunDetails.opportunities.length) console.log(`  opportunities: ${report.medianRunDetails.opportunities.join('; ')}`)
  console.log('  files:')
  for (const a of initial.assets) console.log(`    ${a.type.padEnd(3)} ${(a.gzipBytes / 1024).toFixed(1).padStart(6)} KB gz ${(a.rawBytes / 1024).toFixed(1).padStart(7)} KB raw  ${a.file}`)
  console.log(`\nResults: bench/results/${name}-latest.json`)
} catch (err) {
  console.error(err)
  exitCode = 1
} finally {
  server.kill('SIGTERM')
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)))
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(exitCode)
