import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/server.ts', 'src/cluster.ts', 'src/cli/backup.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The contracts package ships TypeScript source: bundle it, keep real dependencies external.
  noExternal: ['@app/contracts'],
})
