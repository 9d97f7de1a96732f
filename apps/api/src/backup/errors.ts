/**
 * A backup or restore refused or failed, said in one or two lines for the operator: what is wrong
 * with which file and what to do. Never a stack trace or a library's text beyond its first line.
 */
export class BackupError extends Error {}

/** The first line of a library's error, cut short: enough to search for, never its source code. */
export function firstLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err)
  const line = text.split('\n').find((l) => l.trim() !== '') ?? 'unknown error'
  return line.length > 200 ? `${line.slice(0, 200)}…` : line
}
