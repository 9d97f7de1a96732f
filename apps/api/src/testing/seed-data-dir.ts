// `node --import tsx apps/api/src/testing/seed-data-dir.ts DIR`: DIR gets a migrated embedded
// database, copied from the test template (the E2E server starts on it; decision 100).
import { seedDataDir } from './db-template.ts'

const dir = process.argv[2]
if (!dir) {
  console.error('Usage: seed-data-dir.ts DATA_DIR')
  process.exit(2)
}
await seedDataDir(dir)
