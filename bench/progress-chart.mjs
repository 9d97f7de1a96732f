/* global window */
// node bench/progress-chart.mjs: issue 25's third figure — a progress chart of two years of daily
// weights draws within 100 ms. The shared TrendChart (apps/web/src/components/charts) is bundled
// as built for production (esbuild, React production build) and mounted in Chromium at 375 px:
//  - `first draw`: from render() with 730 points to the frame after the line's path is in the page;
//  - `redraw`: the chart's container narrowed (a phone rotated, a panel resized) to the next frame
//    showing the new path;
// each --runs N times (default 10), with the CPU as is and slowed 4× (bench/lib/first-input.mjs).
// Prints p50/max and writes bench/results/progress-chart-<time>.json with the load average.
// A benchmark, not a test: the figures depend on the machine's load.
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { option } from './lib/cli.mjs'
import { CPU_SLOWDOWN } from './lib/first-input.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const web = join(root, 'apps/web')
const requireWeb = createRequire(join(web, 'package.json'))
const esbuild = requireWeb('esbuild')
const { chromium } = requireWeb('@playwright/test')
const RUNS = Number(option(process.argv.slice(2), 'runs', 10))
const POINTS = Number(process.env.POINTS ?? 730)
const TARGET_MS = 100
const loads = () => loadavg().map((l) => +l.toFixed(2))

const entry = `
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { TrendChart } from './src/components/charts/trend-chart'

const points = Array.from({ length: ${POINTS} }, (_, n) => ({
  day: new Date(Date.UTC(2024, 10, 28 + n, 12)).toISOString().slice(0, 10),
  value: Math.round((90 - n * 0.015 + Math.sin(n / 3) * 0.6) * 10) / 10,
}))
const kg = new Intl.NumberFormat('es-CL', { style: 'unit', unit: 'kilogram', maximumFractionDigits: 2 })
const formatValue = (v) => kg.format(v)
const table = { summary: 'Ver los datos como tabla', day: 'Día', value: 'Peso' }
const frame = () => new Promise((r) => requestAnimationFrame(() => r()))
const host = document.getElementById('root')
let root

/** Resolves at the frame after fn() made the line's path appear or change. */
function timed(fn) {
  return new Promise((resolve) => {
    const started = performance.now()
    const observer = new MutationObserver(() => {
      if (!host.querySelector('path.trend-line')) return
      observer.disconnect()
      void frame().then(() => resolve(performance.now() - started))
    })
    observer.observe(host, { subtree: true, childList: true, attributes: true, attributeFilter: ['d'] })
    fn()
  })
}

window.firstDraw = async () => {
  root?.unmount()
  host.style.width = '343px'
  await frame()
  root = createRoot(host)
  const ms = await timed(() => root.render(createElement(TrendChart, { points, title: 'Peso corporal', formatValue, locale: 'es-CL', table })))
  const d = host.querySelector('path.trend-line').getAttribute('d')
  return { ms, segments: d.split('L').length }
}
window.redraw = () => timed(() => { host.style.width = host.style.width === '343px' ? '300px' : '343px' })
`

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return { p50: +sorted[Math.floor((sorted.length - 1) / 2)].toFixed(1), max: +sorted.at(-1).toFixed(1) }
}

async function main() {
  const bundle = await esbuild.build({
    stdin: { contents: entry, resolveDir: web, loader: 'jsx' },
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  })
  const script = bundle.outputFiles[0].text
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  const results = { points: POINTS, runs: RUNS, targetMs: TARGET_MS, loadBefore: loads(), figures: {} }
  try {
    for (const slowdown of [1, CPU_SLOWDOWN]) {
      const page = await browser.newPage({ viewport: { width: 375, height: 740 } })
      const cdp = await page.context().newCDPSession(page)
      await page.setContent('<!doctype html><html><body style="margin:16px;font:14px sans-serif"><div id="root"></div></body></html>')
      await page.addScriptTag({ content: script })
      await page.evaluate(() => window.firstDraw()) // warm-up: code compiled, fonts ready
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
      const first = []
      const redraw = []
      for (let run = 0; run < RUNS; run++) {
        const { ms, segments } = await page.evaluate(() => window.firstDraw())
        if (segments !== POINTS) throw new Error(`the line has ${segments} points, not ${POINTS}`)
        first.push(ms)
        redraw.push(await page.evaluate(() => window.redraw()))
      }
      results.figures[`cpu${slowdown}x`] = { firstDraw: stats(first), redraw: stats(redraw) }
      await page.close()
    }
  } finally {
    await browser.close()
  }
  results.loadAfter = loads()
  console.log(`TrendChart, ${POINTS} daily weights, 375 px, ${RUNS} runs (target ≤ ${TARGET_MS} ms); load ${results.loadBefore.join(' ')}`)
  for (const [cpu, f] of Object.entries(results.figures))
    console.log(
      `  ${cpu}: first draw p50 ${f.firstDraw.p50} ms, max ${f.firstDraw.max} ms · redraw p50 ${f.redraw.p50} ms, max ${f.redraw.max} ms`,
    )
  const dir = join(root, 'bench/results')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `progress-chart-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(file, JSON.stringify(results, null, 2))
  console.log(`written ${file}`)
}

await main()
