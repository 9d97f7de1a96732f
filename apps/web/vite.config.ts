import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// `npm run dev`: the API listens on PORT (3000) and Vite proxies API, mailbox and sandbox pages to it.
const api = `http://localhost:${process.env.PORT ?? 3000}`

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/dev': api,
      '/sandbox': api,
    },
  },
  build: { target: 'es2022', sourcemap: false, reportCompressedSize: false },
})
