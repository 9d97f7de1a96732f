// Which API test files touch a database (run on PGlite and on PostgreSQL) and which do not (run
// once): decided by reading each file and the files it imports, so nobody has to tag anything
// (decision 101). The `unit` project's setup (no-database.ts) fails any file that gets this wrong.
// Database files share a worker's loaded modules, except those that mock a module (`vi.mock`):
// a mock must be in place before the module is first loaded, so they get a fresh module graph.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const relativeImport = /(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]/g
/** Opens a database, or starts a process that does (the server, the cluster, a command). */
const databaseSign = /@electric-sql\/pglite|from 'pg'|\bspawn(Sync)?\(|\bexecFile(Sync)?\(|TEST_DATABASE_URL|\/db\/client\.ts/

const mocksModules = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/

function touchesDatabase(file: string, seen: Set<string>): boolean {
  if (seen.has(file)) return false
  seen.add(file)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return false // a package directory or a file that does not exist: not ours to read
  }
  if (databaseSign.test(text)) return true
  for (const m of text.matchAll(relativeImport)) if (touchesDatabase(resolve(dirname(file), m[1] ?? m[2]!), seen)) return true
  return false
}

/** Test files below `srcDir`, relative to `rootDir` (vitest's include patterns). */
export function testFiles(rootDir: string, srcDir = join(rootDir, 'src')) {
  const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join(srcDir, f))
    .sort()
  const lists = { unit: [] as string[], database: [] as string[], databaseMocking: [] as string[] }
  for (const file of files) {
    const list = !touchesDatabase(file, new Set())
      ? lists.unit
      : mocksModules.test(readFileSync(file, 'utf8'))
        ? lists.databaseMocking
        : lists.database
    list.push(relative(rootDir, file))
  }
  return lists
}
