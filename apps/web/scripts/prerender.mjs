// After `vite build` (client) and `vite build --ssr src/prerender.tsx` (Node entry):
//  - dist/app.html           the empty shell, sent for every page that is not prerendered;
//  - dist/cliente.html       the same shell for the client's app (/cliente…), with its code
//                            preloaded and today's session asked for from the HTML (issue 25);
//  - dist/index.html         the shell with the landing page rendered into #root, sent for /;
//  - dist/pages/<name>.html  the other public and sign-in pages, rendered the same way;
//  - dist/.pages.json        which file answers which path, which paths the sitemap lists and
//                            their language versions (read by apps/api/src/plugins/web.ts, which
//                            also writes those into the page's <head> on the public origin,
//                            decision 234; dot files are not served);
//  - dist/.csp.json          the hashes of the inline scripts, for the API's Content-Security-Policy;
// the HTML files with .br and .gz next to them (served by @fastify/static `preCompressed`).
// docs/decisions/013 (landing) and 045 (every public and sign-in page).
import { Buffer } from 'node:buffer'
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/**
 * The plan catalogue as the API will serve it (decision 083): the API's own migrations applied to
 * an in-memory PGlite (the catalogue is seeded by migration 0001 and changes only with a
 * migration), read with GET /plans' column mapping and checked against the contract.
 */
async function planCatalogue(parsePlanList) {
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent')
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist')
  const db = await PGlite.create({ extensions: { pg_trgm, unaccent, btree_gist } })
  try {
    const migrations = new URL('../../api/drizzle/', import.meta.url)
    const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', migrations), 'utf8'))
    for (const { tag } of journal.entries) await db.exec(readFileSync(new URL(`${tag}.sql`, migrations), 'utf8'))
    const { rows } = await db.query(
      `select id, key, title, description, benefits, price_usd as "priceUsd", price_clp as "priceClp", 'month' as period,
              client_limit as "clientLimit", target, popular, purchasable from plans order by sort_order`,
    )
    return parsePlanList(rows)
  } finally {
    await db.close()
  }
}

/**
 * The prerendered pages. `plans` renders the plan cards with the catalogue and embeds it for
 * hydration; `sitemap` puts a page in /sitemap.xml; `signedOut` marks a page whose
 * first render depends on the session: rendered for a visitor without one, it is hydrated only when
 * none is stored, on the first interaction (src/main.tsx).
 */
const pages = [
  { path: '/', file: 'index.html', sitemap: true, plans: true },
  { path: '/precios', file: 'pages/precios.html', sitemap: true, plans: true },
  { path: '/privacidad', file: 'pages/privacidad.html', sitemap: true },
  { path: '/terminos', file: 'pages/terminos.html', sitemap: true },
  // The English versions (decision 231), listed beside the Spanish ones (decision 234).
  { path: '/en/privacy', file: 'pages/en-privacy.html', sitemap: true },
  { path: '/en/terms', file: 'pages/en-terms.html', sitemap: true },
  { path: '/business/login', file: 'pages/business-login.html', signedOut: true },
  { path: '/business/registro', file: 'pages/business-registro.html', signedOut: true },
  { path: '/auth/login', file: 'pages/auth-login.html', signedOut: true },
  { path: '/auth/register', file: 'pages/auth-register.html', signedOut: true },
]

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const entry = new URL('../node_modules/.cache/prerender/prerender.js', import.meta.url)

/**
 * What the first paint waits for comes inside the HTML: the stylesheet and early-clicks.js. As
 * separate files each cost a connection and a round trip before anything shows (~0.15–0.3 s of
 * FCP and LCP on a phone, Lighthouse mobile); the CSS is 9 KB compressed. Decision 081.
 */
function inlineFirstPaint(html) {
  const scriptTag = '<script src="/early-clicks.js"></script>'
  if (!html.includes(scriptTag)) throw new Error(`index.html has no ${scriptTag}`)
  const script = readFileSync(`${dist}early-clicks.js`, 'utf8').trim()
  const styleLink = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/
  const match = styleLink.exec(html)
  if (!match) throw new Error('index.html has no stylesheet link')
  const css = readFileSync(`${dist}${match[1]}`, 'utf8')
  if (css.includes('</style')) throw new Error('the stylesheet cannot be inlined (it contains </style)')
  const scriptHash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`
  return { html: html.replace(scriptTag, () => `<script>${script}</script>`).replace(match[0], () => `<style>${css}</style>`), scriptHash }
}

/**
 * The client's app on a phone's first visit (issue 25, decision 226): the shell plus, in the HTML,
 * (1) `modulepreload` links for every chunk the /cliente route and "Hoy" import (the shell, the
 * page, i18next), which the browser otherwise finds one import level at a time after the entry
 * has run; (2) a tiny inline script that asks for today's session with the stored token and
 * preloads the client's translation chunks in the stored language, both before any script has
 * arrived. The app takes that answer (features/routines/lib/early-today.ts). Other pages keep
 * app.html: they download nothing of the client's app.
 */
function clientShell(html, { island, frames }) {
  const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'))
  const closure = (keys, seen = new Set()) => {
    for (const key of keys) {
      if (seen.has(key)) continue
      if (!manifest[key]) throw new Error(`the build manifest has no ${key} (moved? update scripts/prerender.mjs)`)
      seen.add(key)
      closure(manifest[key].imports ?? [], seen)
    }
    return seen
  }
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry)
  const inEntry = closure(entryKeys)
  const route = ['src/features/routines/components/client-shell.tsx', 'src/features/routines/pages/today-page.tsx', 'src/lib/i18n.ts']
  // The entry's own imports too (none today), and what the route adds.
  const entryFiles = new Set(entryKeys.map((key) => manifest[key].file))
  const files = [...new Set([...inEntry, ...closure(route)])]
    .map((key) => manifest[key].file)
    .filter((file) => !entryFiles.has(file))
    .map((file) => `/${file}`)
  // The namespaces of the client's shell (app/router.tsx), per language; the same modules as lib/i18n's glob.
  const wordsOf = (language) =>
    ['features/routines/locales', 'features/booking/locales', 'features/progress/locales', 'locales/common', 'locales/errors'].map(
      (dir) => {
        const key = `src/${dir}/${language}.json`
        if (!manifest[key]) throw new Error(`the build manifest has no ${key}`)
        return `/${manifest[key].file}`
      },
    )
  const words = { es: wordsOf('es'), en: wordsOf('en') }
  // Keys as in lib/session.ts and lib/language.ts. Plain ES5-ish, no module: it runs while the HTML is parsed.
  // The words are preloaded at once, unless the day is asked for: then the island adds them with
  // the app's code, after the day (their bytes would share a slow link with its answer).
  const script = `(function(){try{var s=localStorage,w=${JSON.stringify(words)}[s.getItem('language')==='en'?'en':'es'];window.__clientWords=function(){window.__clientWords=function(){};for(var i=0;i<w.length;i++){var l=document.createElement('link');l.rel='modulepreload';l.href=w[i];document.head.appendChild(l)}};var t=s.getItem('entrenapp.token'),u=JSON.parse(s.getItem('entrenapp.user')||'null');if(t&&u&&(location.pathname==='/cliente'||location.pathname==='/cliente/'))window.__earlyToday={userId:u.id,answer:fetch('/api/v1/client/today',{headers:{Accept:'application/json',Authorization:'Bearer '+t}}).catch(function(){return null})};else window.__clientWords()}catch(e){}})()`
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('')
  const marker = '</head>'
  if (!html.includes(marker)) throw new Error('index.html has no </head>')
  // No font preload here: the text font (48 KB) would share Fast 3G's bandwidth with the scripts
  // "Hoy" waits for. It is font-display: optional (decision 232): when it is not ready as the first
  // text is laid out, that visit keeps the system font and the next one, from the cache, has it.
  const fontPreload = /<link rel="preload" as="font"[^>]*>/
  if (!fontPreload.test(html)) throw new Error('index.html has no font preload')
  // The request first in <head> (before the stylesheet: it must leave as soon as the page starts),
  // then the HTML's own "Hoy" (decision 254), which draws into the client's frame (prerendered per
  // language, in <template>s at the end of <body>) once the document is parsed.
  // The app's entry and chunks, inert in a <template>: the island adds them once it has drawn the
  // day, or at once when it has nothing to draw. On a slow link their 170 KB would otherwise share
  // it with the day's answer (decision 254).
  const entryScript = /<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/.exec(html)?.[0]
  if (!entryScript) throw new Error('index.html has no entry script')
  const charset = '<meta charset="UTF-8" />'
  // The Spanish frame is in the page itself, laid out and painted with the first parse; shown only
  // when the island will draw into it (`data-island` on <html>), which hides the app's root until
  // the app takes over (island/hand-off.ts).
  const islandId = 'hoy-island'
  const rootMarker = '<div id="root"></div>'
  if (!html.includes(rootMarker)) throw new Error(`index.html has no ${rootMarker}`)
  const islandStyle = `html:not([data-island]) #${islandId}{display:none}html[data-island] #root{display:none}`
  const body = '</body>'
  if (!html.includes(charset) || !html.includes(body)) throw new Error('index.html has no <meta charset> or </body>')
  const templates = Object.entries(frames)
    .map(([language, frame]) => `<template id="hoy-frame-${language}">${frame}</template>`)
    .join('')
  return {
    html: html
      .replace(fontPreload, '')
      .replace(charset, () => `${charset}<script>${script}</script><script>${island}</script><style>${islandStyle}</style>`)
      .replace(entryScript, '')
      .replace(rootMarker, () => `<div id="${islandId}">${frames.es}</div>${rootMarker}`)
      .replace(body, () => `${templates}<template id="app-code">${entryScript}${links}</template>${body}`),
    scriptHashes: [script, island].map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`),
    files,
  }
}

/** features/routines/island/main.ts as one classic script (no module, no imports), minified. */
async function islandScript() {
  const { build } = await import('vite')
  const root = fileURLToPath(new URL('..', import.meta.url))
  const [output] = [
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      build: {
        write: false,
        target: 'es2020',
        minify: true,
        lib: { entry: 'src/features/routines/island/main.ts', formats: ['iife'], name: 'hoyIsland' },
      },
    }),
  ].flat()
  const code = output.output.find((chunk) => chunk.type === 'chunk')?.code.trim()
  if (!code) throw new Error('the island build returned no script')
  if (/<\/script|<!--/i.test(code)) throw new Error('the island script cannot be inlined')
  return code
}

const inlined = inlineFirstPaint(readFileSync(`${dist}index.html`, 'utf8'))
const shell = inlined.html
const marker = '<div id="root"></div>'
if (!shell.includes(marker)) throw new Error(`dist/index.html has no ${marker} (already prerendered?)`)

const { render, parsePlanList, renderClientFrame } = await import(pathToFileURL(fileURLToPath(entry)).href)
const plans = await planCatalogue(parsePlanList)
/** A JSON data block (never executed, so outside script-src); `<` escaped so no tag can close it. */
const plansBlock = `<script type="application/json" id="plans-catalogue">${JSON.stringify(plans).replace(/</g, '\\u003c')}</script>`

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
/** Replaces the content of the first match of `pattern` (one capture group before the content). */
function setHead(html, pattern, value, what) {
  if (!pattern.test(html)) throw new Error(`index.html has no ${what}`)
  return html.replace(pattern, (_m, before, _old, after) => `${before}${escapeHtml(value)}${after}`)
}

const write = (name, html) => {
  const body = Buffer.from(html)
  mkdirSync(dirname(`${dist}${name}`), { recursive: true })
  writeFileSync(`${dist}${name}`, body)
  writeFileSync(`${dist}${name}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  writeFileSync(`${dist}${name}.gz`, gzipSync(body, { level: 9 }))
}

write('app.html', shell)
for (const page of pages) {
  const { html, title, description, lang, languageSwitch, alternates } = await render(page.path, page.plans ? plans : undefined)
  // Absolute URLs need the public origin, known only to the server: it adds the links (decision 234).
  if (alternates) page.alternates = alternates
  if (!html.includes('<h1')) throw new Error(`the prerendered page ${page.path} has no <h1>`)
  if (!title || !description) throw new Error(`${page.path} sets no title and description (usePageMeta)`)
  let doc = shell.replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
  if (!doc.includes(`<html lang="${lang}">`)) throw new Error('index.html has no <html lang>')
  if (lang === 'en') doc = doc.replace('<meta property="og:locale" content="es_CL" />', '<meta property="og:locale" content="en_US" />')
  doc = setHead(doc, /(<title>)([^<]*)(<\/title>)/, title, '<title>')
  doc = setHead(doc, /(<meta\s+name="description"\s+content=")([^"]*)(")/, description, 'meta description')
  if (page.path !== '/') {
    doc = setHead(doc, /(<meta property="og:title" content=")([^"]*)(")/, title, 'og:title')
    doc = setHead(doc, /(<meta property="og:description" content=")([^"]*)(")/, description, 'og:description')
  }
  const attributes = `${page.signedOut ? ' data-prerendered="signed-out"' : ''}${languageSwitch ? ' data-language-switch' : ''}`
  const root = `<div id="root"${attributes}>${html}</div>${page.plans ? plansBlock : ''}`
  // No modulepreload links: on a slow connection they compete with the HTML and CSS that the first
  // paint needs (LCP ~0.3 s later in Lighthouse); the page's chunks follow the entry (decision 045).
  write(page.file, doc.replace(marker, root))
  console.log(`prerendered ${page.path} (${lang}) into dist/${page.file} (${(html.length / 1024).toFixed(1)} KB of markup)`)
}
// After the pages: the frames switch the build-time render's language.
const client = clientShell(shell, {
  island: await islandScript(),
  frames: { es: await renderClientFrame('es'), en: await renderClientFrame('en') },
})
write('cliente.html', client.html)
writeFileSync(`${dist}.csp.json`, JSON.stringify({ scriptSrc: [inlined.scriptHash, ...client.scriptHashes] }, null, 2))
writeFileSync(
  `${dist}.pages.json`,
  JSON.stringify(
    pages.map(({ path, file, sitemap = false, alternates }) => ({ path, file, sitemap, ...(alternates && { alternates }) })),
    null,
    2,
  ),
)
console.log('shell in dist/app.html; page table in dist/.pages.json')
