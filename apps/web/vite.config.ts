import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { minify } from 'terser'
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
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    )
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
  }
}

/** Client build only: minify public/early-clicks.js, then compress the finished dist folder. */
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
    async closeBundle() {
      if (ssr) return
      // public/early-clicks.js is copied as written (comments and all) and loaded by every page.
      const earlyClicks = join(outDir, 'early-clicks.js')
      const minified = await minify(readFileSync(earlyClicks, 'utf8'), { compress: true, mangle: true, format: { comments: false } })
      if (!minified.code) throw new Error('terser returned nothing for early-clicks.js')
      writeFileSync(earlyClicks, minified.code)
      precompress(outDir)
    },
  }
}

/**
 * zod 4 probes `new Function('')` when it builds its first object schema (the contracts do at
 * import) unless `jitless` is set; the CSP (script-src 'self') blocks it and the browser reports a
 * CSP issue (Lighthouse best practices). Setting the flag in zod's own config object makes it hold
 * before any schema exists, whichever chunk loads zod first. docs/decisions/046.
 */
function zodJitless(): Plugin {
  const declaration = '(_a.__zod_globalConfig = {})'
  return {
    name: 'zod-jitless',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null
      if (!code.includes(declaration))
        this.error('zod-jitless: zod/v4/core/core.js no longer creates `globalThis.__zod_globalConfig = {}`; update the plugin')
      return { code: code.replace(declaration, '(_a.__zod_globalConfig = { jitless: true })'), map: null }
    },
  }
}

/**
 * Vite wraps every `import()` in its preload helper (~0.5 KB gz in the entry: link preloading,
 * CSS loading, the vite:preloadError event) even with modulePreload off. The app has one CSS file,
 * loaded by the page, so every wrapped import has nothing to preload: the helper is replaced by a
 * plain call, and the build fails if a chunk ever gets preload dependencies (docs/decisions/048).
 */
function noPreloadHelper(): Plugin {
  const helperId = '\0vite/preload-helper.js'
  return {
    name: 'no-preload-helper',
    enforce: 'pre',
    apply: 'build',
    load(id) {
      if (id === helperId) return 'export const __vitePreload = (load) => load()'
      return null
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.code.includes('__vite__mapDeps'))
          this.error(
            `no-preload-helper: ${chunk.fileName} has preload dependencies (a chunk with its own CSS?); remove the plugin or the dependency`,
          )
      }
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressPlugin(), zodJitless(), noPreloadHelper()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/dev': api,
      '/sandbox': api,
      '/card-payments': api,
    },
  },
  // No modulepreload: its helper wrote every chunk's dependency list into the entry (~1.3 KB gz on
  // every page); the prerendered pages do not preload either (docs/decisions/046).
  build: {
    target: 'es2022',
    // terser packs the first download ~3% tighter than esbuild (landing budget: 120 KB gz).
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    sourcemap: false,
    reportCompressedSize: false,
    modulePreload: false,
    // dist/.vite/manifest.json: scripts/prerender.mjs lists the client app's chunks from it for
    // dist/cliente.html's modulepreload links (decision 226); not served (a dot folder).
    manifest: true,
  },
})
