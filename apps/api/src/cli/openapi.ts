// npm run api:generate [-- --out FILE]: writes the OpenAPI document of the routes (default docs/api/openapi.json).
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { SNAPSHOT_PATH, generateDocument } from './openapi-document.ts'

const { values } = parseArgs({ options: { out: { type: 'string' } } })
const out = values.out ? resolve(process.env.INIT_CWD ?? process.cwd(), values.out) : SNAPSHOT_PATH
const document = await generateDocument()
mkdirSync(dirname(out), { recursive: true })
writeFileSync(out, document)
console.log(`OpenAPI document written to ${out}`)
