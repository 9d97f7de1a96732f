import { ConfigError, loadConfig, type Config } from '../config.ts'
import { dataDirHolder, DataDirBusyError } from '../data-dir.ts'
import { openDatabase } from '../db/client.ts'
import { readServerFile } from '../plugins/ops.ts'
import type { CommandResult, OpsCommand } from './commands.ts'

const OPS_TIMEOUT_MS = 10 * 60_000

/** The CLI's configuration: never creates DATA_DIR/secrets.json (a command signs no token). */
export const cliConfig = (): Config => loadConfig(process.env, { secrets: false })

/** Sends the command to the server that holds the embedded database (loopback, bearer token from DATA_DIR/server.json). */
async function viaServer<A>(config: Config, command: OpsCommand<A>, args: A, pid: number): Promise<CommandResult> {
  const server = readServerFile(config.DATA_DIR)
  if (!server || server.pid !== pid) {
    return {
      exitCode: 1,
      stdout: [],
      stderr: [`The server (pid ${pid}) holds the embedded database but is not listening yet: try again in a few seconds.`],
    }
  }
  const res = await fetch(`${server.url}/api/ops/commands/${encodeURIComponent(command.name)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
    signal: AbortSignal.timeout(OPS_TIMEOUT_MS),
  })
  if (!res.ok) return { exitCode: 1, stdout: [], stderr: [`The running server (pid ${pid}) refused ${command.name}: HTTP ${res.status}.`] }
  const result = (await res.json()) as CommandResult
  return { ...result, stdout: [`(run by the server, pid ${pid}, which holds the embedded database)`, ...result.stdout] }
}

/**
 * Runs an operator command on the configured database: with DATABASE_URL it opens it itself;
 * on the embedded database it takes DATA_DIR's lock, or, while a server holds it, sends an
 * 'in-server' command to that server and refuses any other.
 */
export async function runCommand<A>(command: OpsCommand<A>, args: A, config = cliConfig()): Promise<CommandResult> {
  if (!config.DATABASE_URL) {
    const holder = dataDirHolder(config.DATA_DIR)
    if (holder?.owner === 'server' && command.whileServerRuns === 'in-server') return viaServer(config, command, args, holder.pid)
    if (holder) throw new DataDirBusyError(holder, config.DATA_DIR)
  }
  // An operator command may scan a whole table: the server's per-request statement timeout does not fit it.
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: 2,
    owner: command.name,
    timeouts: { connectMs: 10_000, statementMs: OPS_TIMEOUT_MS },
  })
  try {
    return await command.run({ db: database.db, kind: database.kind, appUrl: config.APP_URL, config }, args)
  } finally {
    await database.close()
  }
}

/** The end of a CLI: prints the result and exits with its status; known errors in one line, never a stack. */
export function finish(name: string, result: Promise<CommandResult>) {
  result.then(
    (r) => {
      for (const line of r.stdout) console.log(line)
      for (const line of r.stderr) console.error(line)
      process.exit(r.exitCode)
    },
    (err) => {
      const known = err instanceof ConfigError || err instanceof DataDirBusyError
      console.error(known ? (err as Error).message : `${name} failed: ${(err as Error).message.split('\n')[0]}`)
      process.exit(known && err instanceof DataDirBusyError ? 1 : 2)
    },
  )
}
