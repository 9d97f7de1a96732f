/* global window, document */
// npm run bench:chart: a progress chart of two years of daily weights (issue 25's third figure).
//  1. builds bench/chart/ (the progress page's TrendChart from apps/web/src/components/charts with
//     731 daily weights; React and recharts as the app bundles them, production mode) with Vite
//     into a temporary folder, and serves it;
//  2. in Chromium at 375 px, times --draws (default 20) draws per CPU setting: each mounts a fresh
//     chart with new data and runs from the render call to the frame after the line is in the page
//     (the first draw of each page load is reported apart: code not yet compiled by V8);
//  3. CPU as is and slowed 4× (CDP, the mid-range phone of the other figures). Target: ≤ 100 ms
//     a draw on the slowed CPU. Writes bench/results/chart-<time>.json with the load average.
import { readFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { loadavg, tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { option as cliOption } from './lib/cli.mjs'
import { CPU_SLOWDOWN } from './lib/first-input.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const requireWeb = createRequire(join(root, 'apps/web/package.json'))
const DRAWS = Number(cliOption(process.argv.slice(2), 'draws', 20))
const TARGET_MS = 100
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const loads = () => loadavg().map((l) => +l.toFixed(2))
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

async function build(outDir) {
  const vite = await import(pathToFileURL(requireWeb.resolve('vite')).href)
  const react = (await import(pathToFileURL(requireWeb.resolve('@vitejs/plugin-react')).href)).default
  await vite.build({
    configFile: false,
    root: join(root, 'bench/chart'),
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  })
}

function serve(dir) {
  const server = createServer((req, res) => {
    const path = req.url === '/' ? '/index.html' : req.url.split('?')[0]
    try {
      const body = readFileSync(join(dir, path))
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

async function measure(browser, url, rate) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    await page.goto(url)
    await page.waitForFunction(() => typeof window.draw === 'function')
    const first = await page.evaluate(() => window.draw())
    const times = []
    for (let i = 0; i < DRAWS; i++) times.push(await page.evaluate(() => window.draw()))
    const points = await page.evaluate(() => document.querySelector('path.recharts-line-curve').getAttribute('d').split('L').length)
    const s = [...times].sort((a, b) => a - b)
    const at = (p) => +s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)].toFixed(1)
    return { cpuSlowdown: rate, firstMs: +first.toFixed(1), p50Ms: at(50), p95Ms: at(95), maxMs: +s.at(-1).toFixed(1), linePoints: points }
  } finally {
    await context.close()
  }
}

async function main() {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-chart-'))
  const report = { startedAt: new Date().toISOString(), loadAverage: loads(), draws: DRAWS, days: 731, targetMs: TARGET_MS }
  let server
  let browser
  try {
    await build(outDir)
    server = await serve(outDir)
    const url = `http://127.0.0.1:${server.address().port}/`
    const { chromium } = requireWeb('playwright-core')
    browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] })
    report.results = [await measure(browser, url, 1), await measure(browser, url, CPU_SLOWDOWN)]
  } finally {
    await browser?.close()
    server?.close()
    rmSync(outDir, { recursive: true, force: true })
  }
  report.loadAverageAfter = loads()
  const slowed = report.results.find((r) => r.cpuSlowdown === CPU_SLOWDOWN)
  report.ok = slowed.p95Ms <= TARGET_MS
  console.log(`\nTrendChart, two years of daily weights (731 days), ${DRAWS} draws each, render call → the frame after the line:`)
  for (const r of report.results)
    console.log(
      `  CPU ${r.cpuSlowdown}×: first ${r.firstMs} ms, then p50 ${r.p50Ms} / p95 ${r.p95Ms} / max ${r.maxMs} ms (${r.linePoints} points in the line)`,
    )
  console.log(
    `  target ≤ ${TARGET_MS} ms (p95, CPU ${CPU_SLOWDOWN}×); load average ${report.loadAverage.join(' ')} before, ${report.loadAverageAfter.join(' ')} after`,
  )
  const dir = join(root, 'bench/results')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `chart-${report.startedAt.replace(/[:.]/g, '-')}.json`)
  writeFileSync(file, JSON.stringify(report, null, 2))
  console.log(`written ${file.slice(root.length)}`)
  process.exit(report.ok ? 0 : 1)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
