// npm run api:diff [-- --base REF]: what changed in the OpenAPI document (docs/api/openapi.json)
// since REF, classified by api-smart-diff. Exits 1 on a breaking change unless the document's
// info.version has a new major (decision 121). REF defaults to the merge-base with main, or on main
// itself to the commit before (HEAD^1: what the last merge changed).
import { apiCompare } from 'api-smart-diff'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

const DOCUMENT = 'docs/api/openapi.json'
// The document is megabytes: the default 1 MB buffer would fail and read as "no document".
const git = (...args) =>
  execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 256 * 1024 * 1024 }).trim()
const tryGit = (...args) => {
  try {
    return git(...args)
  } catch {
    return undefined
  }
}

function defaultBase() {
  const head = git('rev-parse', 'HEAD')
  const main = tryGit('rev-parse', '--verify', '-q', 'main') ?? tryGit('rev-parse', '--verify', '-q', 'origin/main')
  if (main && main !== head) return tryGit('merge-base', 'HEAD', main)
  return tryGit('rev-parse', '--verify', '-q', 'HEAD^1')
}

const { values } = parseArgs({ options: { base: { type: 'string' } } })
const base = values.base ?? defaultBase()
const before = base && tryGit('show', `${base}:${DOCUMENT}`)
if (!before) {
  console.log(`api:diff: no ${DOCUMENT} at ${base ?? 'a base commit'}: nothing to compare`)
  process.exit(0)
}
const old = JSON.parse(before)
const current = JSON.parse(readFileSync(DOCUMENT, 'utf8'))

const { diffs } = apiCompare(old, current)
const byType = {}
for (const d of diffs) (byType[d.type] ??= []).push(d)
const where = (d) => d.path.map(String).join(' › ')
console.log(`api:diff ${base.slice(0, 12)} → working tree (${DOCUMENT}, ${old.info.version} → ${current.info.version})`)
for (const type of ['breaking', 'deprecated', 'non-breaking', 'annotation', 'unclassified']) {
  const list = byType[type] ?? []
  console.log(`  ${type}: ${list.length}`)
  if (type === 'breaking' || type === 'deprecated' || type === 'unclassified')
    for (const d of list) console.log(`    - ${d.description ?? d.action} (${where(d)})`)
}

const major = (version) => Number(String(version).split('.')[0])
const breaking = byType.breaking?.length ?? 0
if (breaking && major(current.info.version) <= major(old.info.version)) {
  console.error(
    `\n${breaking} breaking change(s) for clients of the API. Keep the old shape (add, do not change or remove), or, when` +
      ` the break is intended and the app teams know, bump the major of API_VERSION (apps/api/src/plugins/docs.ts). docs/api.md.`,
  )
  process.exit(1)
}
