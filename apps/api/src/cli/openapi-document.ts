import { format, resolveConfig } from 'prettier'
import { fileURLToPath } from 'node:url'
import { buildApp } from '../app.ts'
import { testConfig } from '../config.ts'

/** The committed snapshot of the contract (docs/decisions/121): what the app team and the client generator read. */
export const SNAPSHOT_PATH = fileURLToPath(new URL('../../../../docs/api/openapi.json', import.meta.url))

/** The document an app serves at /api/openapi.json, formatted as the repository formats JSON. */
export async function renderDocument(document: unknown): Promise<string> {
  const options = await resolveConfig(SNAPSHOT_PATH)
  return format(JSON.stringify(document), { ...options, parser: 'json', filepath: SNAPSHOT_PATH })
}

/** Builds the app (in-memory database, no web pages) and answers its formatted document. */
export async function generateDocument(): Promise<string> {
  const app = await buildApp({ config: testConfig(), mailAutoDeliver: false, serveWeb: false })
  try {
    await app.ready()
    return await renderDocument(app.swagger())
  } finally {
    await app.close()
  }
}
