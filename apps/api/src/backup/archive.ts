import { createHash } from 'node:crypto'
import {
  closeSync,
  createReadStream,
  createWriteStream,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import tar from 'tar-stream'
import { BackupError, firstLine } from './errors.ts'
import { BACKUP_FORMAT, FORMAT_VERSION, ManifestSchema, type Manifest } from './manifest.ts'

// A backup file is a plain tar (`tar -tf` lists it): manifest.json, then the database itself —
// the embedded database's own gzipped tarball, or a pg_dump custom-format archive.
export const MANIFEST_NAME = 'manifest.json'
export const PAYLOAD_NAME = { pglite: 'database.tar.gz', postgres: 'database.dump' } as const

export type BackupContents =
  | { manifest: Manifest; database: Manifest['database']; payloadPath: string }
  /** A backup made before manifests existed (a bare PGlite tarball or pg_dump archive). */
  | { manifest: null; database: Manifest['database']; payloadPath: string }

export async function digestFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256')
  let bytes = 0
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk)
    bytes += chunk.length
  }
  return { sha256: hash.digest('hex'), bytes }
}

function fsyncPath(path: string) {
  const fd = openSync(path, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** Writes the backup file whole or not at all: a temporary name, fsync, rename. Mode 0600 in a 0700 directory. */
export async function writeBackupFile(out: string, manifest: Manifest, payloadPath: string) {
  mkdirSync(dirname(out), { recursive: true, mode: 0o700 })
  const partial = `${out}.partial-${process.pid}`
  try {
    const pack = tar.pack()
    const written = pipeline(pack, createWriteStream(partial, { mode: 0o600, flags: 'wx' }))
    const mtime = new Date(manifest.createdAt)
    pack.entry({ name: MANIFEST_NAME, mode: 0o600, mtime }, `${JSON.stringify(manifest, null, 2)}\n`)
    await pipeline(
      createReadStream(payloadPath),
      pack.entry({ name: manifest.payload.name, size: manifest.payload.bytes, mode: 0o600, mtime }),
    )
    pack.finalize()
    await written
    fsyncPath(partial)
    renameSync(partial, out)
    fsyncPath(dirname(out))
  } catch (err) {
    rmSync(partial, { force: true })
    if (err instanceof BackupError) throw err
    throw new BackupError(`could not write ${out}: ${firstLine(err)}`)
  }
}

function head(file: string, bytes: number): Buffer {
  const fd = openSync(file, 'r')
  try {
    const buf = Buffer.alloc(bytes)
    return buf.subarray(0, readSync(fd, buf, 0, bytes, 0))
  } finally {
    closeSync(fd)
  }
}

/**
 * Reads a backup file: its manifest, and its database part copied into `workDir` and checked
 * against the manifest's checksum. Throws a BackupError saying what is wrong with the file.
 */
export async function openBackupFile(file: string, workDir: string): Promise<BackupContents> {
  let size: number
  try {
    const stat = statSync(file)
    if (!stat.isFile()) throw new BackupError(`${file} is not a file.`)
    size = stat.size
  } catch (err) {
    if (err instanceof BackupError) throw err
    throw new BackupError(`${file} cannot be read: ${firstLine(err)}`)
  }
  if (size === 0) throw new BackupError(`${file} is empty: it is not a backup (a copy that failed?). Use another backup file.`)
  const start = head(file, 512)
  if (start[0] === 0x1f && start[1] === 0x8b) return { manifest: null, database: 'pglite', payloadPath: file }
  if (start.subarray(0, 5).toString('latin1') === 'PGDMP') return { manifest: null, database: 'postgres', payloadPath: file }
  if (start.length < 512 || start.subarray(257, 262).toString('latin1') !== 'ustar') {
    throw new BackupError(
      `${file} is not a backup of this product (neither a backup file of npm run db:backup nor cut short at its start).`,
    )
  }
  return readTar(file, workDir)
}

async function readTar(file: string, workDir: string): Promise<BackupContents> {
  const cut = `${file} is cut short or damaged`
  let manifest: Manifest | null = null
  let payloadPath: string | undefined
  let digest: { sha256: string; bytes: number } | undefined
  const extract = tar.extract()
  const source = createReadStream(file)
  source.on('error', (err) => extract.destroy(err))
  source.pipe(extract)
  try {
    for await (const entry of extract) {
      if (entry.header.name === MANIFEST_NAME && !manifest) {
        manifest = parseManifest(await readSmall(entry as AsyncIterable<Buffer>, 1024 * 1024, file), file)
        continue
      }
      if (manifest && !payloadPath && entry.header.name === manifest.payload.name) {
        // Never a path taken from the file: a fixed name inside the work directory.
        payloadPath = join(workDir, PAYLOAD_NAME[manifest.database])
        const hash = createHash('sha256')
        let bytes = 0
        const counter = new Transform({
          transform(chunk: Buffer, _enc, done) {
            hash.update(chunk)
            bytes += chunk.length
            done(null, chunk)
          },
        })
        await pipeline(entry, counter, createWriteStream(payloadPath, { mode: 0o600 }))
        digest = { sha256: hash.digest('hex'), bytes }
        continue
      }
      entry.resume()
    }
  } catch (err) {
    if (err instanceof BackupError) throw err
    throw new BackupError(`${cut} (${firstLine(err)}). Copy it again from where it was made, or use another backup.`)
  }
  if (!manifest) throw new BackupError(`${file} has no manifest: it is not a backup of npm run db:backup.`)
  if (!payloadPath || !digest) throw new BackupError(`${cut}: its database part is missing. Use another backup.`)
  if (digest.bytes !== manifest.payload.bytes || digest.sha256 !== manifest.payload.sha256) {
    throw new BackupError(
      `${cut}: its database part (${digest.bytes} bytes) does not match the checksum in its manifest (${manifest.payload.bytes} bytes). Use another backup.`,
    )
  }
  return { manifest, database: manifest.database, payloadPath }
}

async function readSmall(entry: AsyncIterable<Buffer>, limit: number, file: string): Promise<string> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of entry) {
    total += chunk.length
    if (total > limit) throw new BackupError(`${file} has a manifest larger than ${limit} bytes: it is not a backup of this product.`)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function parseManifest(text: string, file: string): Manifest {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new BackupError(`${file} has a damaged manifest (not JSON). Use another backup.`)
  }
  const head = raw as { format?: unknown; formatVersion?: unknown }
  if (head?.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a backup of this product (unknown manifest).`)
  if (typeof head.formatVersion === 'number' && head.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `${file} was written by a newer release (backup format ${head.formatVersion}, this release reads up to ${FORMAT_VERSION}): restore it with that release or newer.`,
    )
  }
  const parsed = ManifestSchema.safeParse(raw)
  if (!parsed.success)
    throw new BackupError(`${file} has a damaged manifest (${parsed.error.issues[0]?.path.join('.')}). Use another backup.`)
  return parsed.data
}
