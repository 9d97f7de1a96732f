import { defineConfig } from 'tsup'

export default defineConfig({
  // admin-create, exercises-import: `node apps/api/dist/admin-create.js --email …` where tsx is not installed.
  entry: {
    server: 'src/server.ts',
    supervisor: 'src/supervisor.ts',
    cluster: 'src/cluster.ts',
    'cli/backup': 'src/cli/backup.ts',
    'admin-create': 'src/cli/admin-create.ts',
    'exercises-import': 'src/cli/exercises-import.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The contracts package ships TypeScript source: bundle it, keep real dependencies external.
  noExternal: ['@app/contracts'],
})
