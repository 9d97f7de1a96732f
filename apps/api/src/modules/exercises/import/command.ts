import { z } from 'zod'
import type { OpsCommand } from '../../../cli/commands.ts'
import { ImportInputError, importExercises, reportLines } from './importer.ts'

const ref = z.string().trim().min(1).max(2000)
export const ExercisesImportArgsSchema = z.object({ source: ref, images: ref.nullish(), skipImages: z.boolean().default(false) }).strict()

/**
 * exercises:import (decision 218). Runs inside the server that holds the embedded database, like
 * the other operator commands: the CLI makes file paths absolute first, so the server reads the
 * same files. Exit 1 when the input cannot be read or every row was refused.
 */
export const exercisesImport: OpsCommand<z.infer<typeof ExercisesImportArgsSchema>> = {
  name: 'exercises:import',
  whileServerRuns: 'in-server',
  args: ExercisesImportArgsSchema,
  async run(ctx, args) {
    try {
      const report = await importExercises(ctx.db, args)
      const { stdout, stderr } = reportLines(report, ctx.kind)
      const refused = report.read > 0 && report.created + report.updated === 0
      return { exitCode: refused ? 1 : 0, stdout, stderr }
    } catch (err) {
      if (err instanceof ImportInputError) return { exitCode: 1, stdout: [], stderr: [`exercises:import: ${err.message}`] }
      throw err
    }
  },
}
