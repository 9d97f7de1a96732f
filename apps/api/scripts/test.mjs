// Runs the API suite (decision 101): the files that open no database once, with the others on
// in-memory PGlite; then the database files again on a PostgreSQL server (TEST_DATABASE_URL, else
// the local server if one answers). `--only=pglite` or `--only=postgres` runs one half (CI times
// them apart); any other argument goes to vitest (e.g. a file filter).
import { spawnSync } from 'node:child_process'
import pg from 'pg'

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length)
const args = process.argv.slice(2).filter((a) => !a.startsWith('--only='))
const run = (label, env, extra = []) => {
  console.log(`\n== API tests on ${label}`)
  const res = spawnSync('npx', ['vitest', 'run', ...extra, ...args], { stdio: 'inherit', env: { ...process.env, ...env } })
  if (res.status !== 0) process.exit(res.status ?? 1)
}

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.end()
    return true
  } catch {
    return false
  }
}

if (only !== 'postgres') run('PGlite (and the files without a database)', { TEST_DATABASE_URL: '' })
if (only === 'pglite') process.exit(0)
const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
if (await reachable(url)) run(`PostgreSQL (${url.replace(/\/\/[^@]*@/, '//')})`, { TEST_DATABASE_URL: url }, ['--project', 'postgres*'])
else if (process.env.TEST_DATABASE_URL || only === 'postgres') {
  console.error(`TEST_DATABASE_URL is set but ${url} does not answer`)
  process.exit(1)
} else console.log('\n== No PostgreSQL server answered: set TEST_DATABASE_URL to run the suite on PostgreSQL too.')
