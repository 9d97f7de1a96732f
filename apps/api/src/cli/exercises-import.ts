/**
 * npm run exercises:import -- <file or URL> [--images <folder or URL>] [--no-images]
 *
 * Loads an open exercise data set into the library (decision 218): free-exercise-db's JSON
 * (dist/exercises.json, public domain) or wger's exerciseinfo API (a page URL; every `next` page
 * is followed; CC-BY-SA, the attribution is stored and shown). Pictures are downloaded and resized
 * to web sizes now. Running it again updates the same exercises. On the embedded database while a
 * server holds it, the server runs the import (cli/run.ts), as with the other operator commands.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { exercisesImport, ExercisesImportArgsSchema } from '../modules/exercises/import/command.ts'
import { isUrl } from '../modules/exercises/import/fetch.ts'
import { finish, runCommand } from './run.ts'

const usage = 'Usage: npm run exercises:import -- <file or URL> [--images <folder or URL>] [--no-images]'

function main() {
  let parsed
  try {
    parsed = parseArgs({
      options: { images: { type: 'string' }, 'no-images': { type: 'boolean' }, help: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    })
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`)
    process.exit(2)
  }
  const { values, positionals } = parsed
  if (values.help) {
    console.log(usage)
    process.exit(0)
  }
  if (positionals.length !== 1) {
    console.error(usage)
    process.exit(2)
  }
  // Paths are the operator's, from where they typed the command (npm runs scripts in the
  // workspace: INIT_CWD), made absolute here because the server may run the import.
  const cwd = process.env.INIT_CWD ?? process.cwd()
  const absolute = (ref: string) => (isUrl(ref) ? ref : path.resolve(cwd, ref))
  const args = ExercisesImportArgsSchema.safeParse({
    source: absolute(positionals[0]!),
    images: values.images ? absolute(values.images) : null,
    skipImages: values['no-images'] ?? false,
  })
  if (!args.success) {
    console.error(usage)
    process.exit(2)
  }
  finish('exercises:import', runCommand(exercisesImport, args.data))
}

main()
