// Runs the API suite twice: on in-memory PGlite, then on a PostgreSQL server
// (TEST_DATABASE_URL, else the local server if one answers).
import { spawnSync } from 'node:child_process'
import pg from 'pg'

const args = process.argv.slice(2)
const run = (label, env) => {
  console.log(`\n== API tests on ${label}`)
  const res = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env: { ...process.env, ...env } })
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

run('PGlite', { TEST_DATABASE_URL: '' })
const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
if (await reachable(url)) run(`PostgreSQL (${url.replace(/\/\/[^@]*@/, '//')})`, { TEST_DATABASE_URL: url })
else if (process.env.TEST_DATABASE_URL) {
  console.error(`TEST_DATABASE_URL is set but ${url} does not answer`)
  process.exit(1)
} else console.log('\n== No PostgreSQL server answered: set TEST_DATABASE_URL to run the suite on PostgreSQL too.')
