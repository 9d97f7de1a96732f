import { Buffer } from 'node:buffer'

// The renderer's main thread from a Chrome trace (CDP Tracing): its long tasks and what ran in
// each (scripts evaluated, functions called, events dispatched, style, layout, paint), so that a
// bench can say where the time between two moments went. Used by bench/hoy.mjs --trace.

/** The categories the summary reads; record them with CDP Tracing.start. */
export const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
]

/** Reads a CDP trace stream (Tracing.tracingComplete's handle) whole. */
export async function readTraceStream(cdp, handle) {
  let text = ''
  for (;;) {
    const { data, eof, base64Encoded } = await cdp.send('IO.read', { handle, size: 1 << 20 })
    text += base64Encoded ? Buffer.from(data, 'base64').toString('utf8') : data
    if (eof) break
  }
  await cdp.send('IO.close', { handle })
  const parsed = JSON.parse(text)
  return Array.isArray(parsed) ? parsed : parsed.traceEvents
}

const label = (e) => {
  const d = e.args?.data ?? {}
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
      return `${e.name} ${(d.url ?? e.args?.fileName ?? '').split('/').pop()}`
    case 'FunctionCall':
      return `FunctionCall ${d.functionName || '(anonymous)'} ${(d.url ?? '').split('/').pop()}`
    case 'EventDispatch':
      return `EventDispatch ${d.type}`
    default:
      return e.name
  }
}
const INTERESTING = new Set([
  'EvaluateScript',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'FireIdleCallback',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'RunMicrotasks',
  'XHRReadyStateChange',
  'v8.compile',
  'MajorGC',
  'MinorGC',
])

/**
 * The page's main thread (the renderer whose CrRendererMain saw the navigation) from `from` to
 * `to` ms after navigationStart: each task over `minMs`, with its largest pieces.
 */
export function mainThreadSummary(events, { from = 0, to = Infinity, minMs = 30, around } = {}) {
  const nav = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame !== false && e.args?.data?.documentLoaderURL,
  )
  const mains = new Map(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => [`${e.pid}:${e.tid}`, e]),
  )
  const key = nav ? `${nav.pid}:${nav.tid}` : [...mains.keys()][0]
  // `around`: page times (performance.now()) of an interaction; the trace's clock is the same
  // monotonic clock in µs, found from the interaction's own EventDispatch.
  let zero = nav?.ts ?? 0
  if (around) {
    const dispatches = events.filter(
      (e) => `${e.pid}:${e.tid}` === key && e.name === 'EventDispatch' && e.args?.data?.type === 'pointerdown',
    )
    const last = dispatches.at(-1)
    if (last) {
      zero = last.ts
      from = -5
      to = around.to - around.from
    }
  }
  const own = events.filter((e) => `${e.pid}:${e.tid}` === key && e.ph === 'X')
  const tasks = own
    .filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
    .map((e) => ({ start: (e.ts - zero) / 1000, ms: e.dur / 1000, ts: e.ts, dur: e.dur }))
    .filter((t) => t.start + t.ms >= from && t.start <= to)
  const busyMs = tasks.reduce((n, t) => n + t.ms, 0)
  const long = tasks
    .filter((t) => t.ms >= minMs)
    .map((t) => {
      const inside = own.filter((e) => e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && INTERESTING.has(e.name))
      const byLabel = new Map()
      for (const e of inside) byLabel.set(label(e), (byLabel.get(label(e)) ?? 0) + (e.dur ?? 0) / 1000)
      const top = [...byLabel].sort((a, b) => b[1] - a[1]).slice(0, 5)
      return { startMs: Math.round(t.start), ms: Math.round(t.ms), top: top.map(([l, ms]) => `${l} ${Math.round(ms)}`) }
    })
  return { busyMs: Math.round(busyMs), tasks: tasks.length, long }
}
