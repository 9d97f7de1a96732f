// npm run lint:api: generates the OpenAPI document from the routes and lints it with Spectral
// (spectral:oas) and Redocly (recommended). Any error or warning fails (docs/api.md). Then checks
// that packages/api-client is generated from the committed document.
import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'

const dir = 'node_modules/.cache/openapi'
const doc = `${dir}/openapi.json`
mkdirSync(dir, { recursive: true })
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_UPDATE_NOTIFIER: '1' }
const run = (cmd, args) => spawnSync(cmd, args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

const generated = run('npm', ['run', '--silent', 'api:generate', '-w', 'apps/api', '--', '--out', doc])
if (generated.status !== 0) {
  process.stderr.write(generated.stdout + generated.stderr)
  process.exit(1)
}

// Spectral: JSON results, one per problem (severity 0 error, 1 warning, 2 info, 3 hint).
const spectral = run('npx', ['--no-install', 'spectral', 'lint', doc, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet'])
let results
try {
  results = JSON.parse(spectral.stdout || '[]')
} catch {
  process.stderr.write(spectral.stdout + spectral.stderr)
  process.exit(1)
}
const count = (severity) => results.filter((r) => r.severity === severity).length
for (const r of results.filter((r) => r.severity <= 1))
  console.log(`spectral ${r.severity === 0 ? 'error' : 'warning'} ${r.code} ${r.path.join('.')}: ${r.message}`)
console.log(`Spectral (spectral:oas): ${count(0)} errors, ${count(1)} warnings`)

// Redocly: stylish output for people, the totals from its JSON format.
const redoclyJson = run('npx', ['--no-install', 'redocly', 'lint', doc, '--config', 'redocly.yaml', '--format', 'json'])
let totals
try {
  totals = JSON.parse(redoclyJson.stdout).totals
} catch {
  process.stderr.write(redoclyJson.stdout + redoclyJson.stderr)
  process.exit(1)
}
if (totals.errors || totals.warnings) {
  const stylish = run('npx', ['--no-install', 'redocly', 'lint', doc, '--config', 'redocly.yaml', '--format', 'stylish'])
  process.stdout.write(stylish.stdout)
}
console.log(`Redocly (recommended): ${totals.errors} errors, ${totals.warnings} warnings`)

// The generated client must be the one of the committed document (packages/api-client).
const client = run('node', ['packages/api-client/scripts/generate.mjs', '--check'])
process.stdout.write(client.stdout + client.stderr)

process.exit(count(0) + count(1) + totals.errors + totals.warnings === 0 && client.status === 0 ? 0 : 1)
