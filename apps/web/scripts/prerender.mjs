// After `vite build` (client) and `vite build --ssr src/prerender.tsx` (Node entry):
//  - dist/app.html   the empty shell, sent for every path but / (apps/api/src/app.ts);
//  - dist/index.html the same shell with the landing page rendered into #root, sent for /;
// both with .br and .gz next to them (served by @fastify/static `preCompressed`).
import { Buffer } from 'node:buffer'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const entry = new URL('../node_modules/.cache/prerender/prerender.js', import.meta.url)

const shell = readFileSync(`${dist}index.html`, 'utf8')
const marker = '<div id="root"></div>'
if (!shell.includes(marker)) throw new Error(`dist/index.html has no ${marker} (already prerendered?)`)

const { render } = await import(pathToFileURL(fileURLToPath(entry)).href)
const landing = await render('/')
if (!landing.includes('<h1')) throw new Error('the prerendered landing page has no <h1>')

// The landing route's chunks, fetched with the entry instead of after it: hydration waits for them.
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'))
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
const landingChunks = new Set()
const collect = (key) => {
  const chunk = manifest[key]
  if (!chunk || key === entryKey || landingChunks.has(chunk.file)) return
  landingChunks.add(chunk.file)
  for (const imported of chunk.imports ?? []) collect(imported)
}
// The public area's chunk (app/routes/public.tsx; keyed by file name when other chunks import it).
const publicKey = Object.keys(manifest).find((key) => manifest[key].src === 'src/app/routes/public.tsx' || (manifest[key].name === 'public' && manifest[key].isDynamicEntry))
if (!publicKey) throw new Error('no chunk for src/app/routes/public.tsx in the build manifest')
collect(publicKey)
const preloads = [...landingChunks].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ')
rmSync(`${dist}.vite`, { recursive: true, force: true })

const write = (name, html) => {
  const body = Buffer.from(html)
  writeFileSync(`${dist}${name}`, body)
  writeFileSync(`${dist}${name}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  writeFileSync(`${dist}${name}.gz`, gzipSync(body, { level: 9 }))
}
write('app.html', shell)
write('index.html', shell.replace('</head>', `  ${preloads}\n  </head>`).replace(marker, `<div id="root">${landing}</div>`))
console.log(`prerendered / into dist/index.html (${(landing.length / 1024).toFixed(1)} KB of markup); shell in dist/app.html`)
