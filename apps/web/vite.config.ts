import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'

// `npm run dev`: the API listens on PORT (3000) and Vite proxies API, mailbox and sandbox pages to it.
const api = `http://localhost:${process.env.PORT ?? 3000}`

const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/

/** Writes file.br and file.gz next to every text file of dir (served by @fastify/static `preCompressed`). */
export function precompress(dir: string) {
  for (const entry of readdirSync(dir)) {
    const file = join(dir, entry)
    if (statSync(file).isDirectory()) {
      if (entry === '.vite') continue
      precompress(file)
      continue
    }
    if (!compressible.test(entry)) continue
    const body = readFileSync(file)
    if (body.length < 512) continue
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }))
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
  }
}

/** Client build only: compress the finished dist folder. */
function precompressPlugin(): Plugin {
  let outDir = ''
  let ssr = false
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
      ssr = Boolean(config.build.ssr)
    },
    closeBundle() {
      if (!ssr) precompress(outDir)
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressPlugin()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/dev': api,
      '/sandbox': api,
    },
  },
  // The manifest tells scripts/prerender.mjs which chunks the landing route needs (modulepreload).
  // No modulepreload polyfill: browsers without rel=modulepreload still load every chunk, only later.
  build: {
    target: 'es2022',
    // terser packs the first download ~3% tighter than esbuild (landing budget: 120 KB gz).
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    sourcemap: false, reportCompressedSize: false, manifest: true, modulePreload: { polyfill: false } },
})
