// npm run api-client:generate: src/schema.ts from docs/api/openapi.json (openapi-typescript).
// `--check` writes nothing and exits 1 when src/schema.ts is not what the document generates (CI).
import openapiTS, { astToString } from 'openapi-typescript'
import { format, resolveConfig } from 'prettier'
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const documentPath = fileURLToPath(new URL('../../../docs/api/openapi.json', import.meta.url))
const schemaPath = fileURLToPath(new URL('../src/schema.ts', import.meta.url))

export async function render() {
  const ast = await openapiTS(JSON.parse(readFileSync(documentPath, 'utf8')), { alphabetize: true })
  const source = `// Generated from docs/api/openapi.json by \`npm run api-client:generate\`: do not edit.\n\n${astToString(ast)}`
  return format(source, { ...(await resolveConfig(schemaPath)), filepath: schemaPath })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const generated = await render()
  if (process.argv.includes('--check')) {
    const current = readFileSync(schemaPath, 'utf8')
    if (current !== generated) {
      console.error('packages/api-client/src/schema.ts is stale: run `npm run api-client:generate` and commit it')
      process.exit(1)
    }
    console.log('packages/api-client/src/schema.ts is current')
  } else {
    writeFileSync(schemaPath, generated)
    console.log(`written ${schemaPath}`)
  }
}
