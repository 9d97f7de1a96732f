import { readFile, realpath, stat } from 'node:fs/promises'
import path from 'node:path'

/** Every read of the importer is bounded in time and size: a stuck or huge answer fails that read only. */
export interface ReadLimits {
  timeoutMs: number
  maxBytes: number
}

export const isUrl = (ref: string) => /^https?:\/\//i.test(ref)

export class ReadError extends Error {}

export async function fetchBytes(url: string, limits: ReadLimits): Promise<Buffer> {
  const signal = AbortSignal.timeout(limits.timeoutMs)
  let res: Response
  try {
    res = await fetch(url, { signal, headers: { accept: 'application/json, image/*;q=0.9, */*;q=0.5' } })
  } catch (err) {
    const reason = (err as Error).name === 'TimeoutError' ? `no answer within ${limits.timeoutMs / 1000} s` : (err as Error).message
    throw new ReadError(`${url}: ${reason}`)
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {})
    throw new ReadError(`${url}: HTTP ${res.status}`)
  }
  const declared = Number(res.headers.get('content-length') ?? 0)
  if (declared > limits.maxBytes) {
    await res.body?.cancel().catch(() => {})
    throw new ReadError(`${url}: larger than ${limits.maxBytes} bytes`)
  }
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of res.body ?? []) {
      size += chunk.length
      if (size > limits.maxBytes) throw new ReadError(`${url}: larger than ${limits.maxBytes} bytes`)
      chunks.push(Buffer.from(chunk))
    }
  } catch (err) {
    if (err instanceof ReadError) throw err
    throw new ReadError(
      `${url}: ${(err as Error).name === 'TimeoutError' ? `no answer within ${limits.timeoutMs / 1000} s` : (err as Error).message}`,
    )
  }
  return Buffer.concat(chunks)
}

/** A local file; `within` (a folder) refuses paths that leave it ("../../etc/passwd"). */
export async function readLocal(file: string, limits: ReadLimits, within?: string): Promise<Buffer> {
  let real: string
  try {
    real = await realpath(file)
  } catch {
    throw new ReadError(`${file}: no such file`)
  }
  if (within) {
    const base = await realpath(within).catch(() => path.resolve(within))
    const rel = path.relative(base, real)
    if (rel.startsWith('..') || path.isAbsolute(rel)) throw new ReadError(`${file}: outside ${within}`)
  }
  const info = await stat(real)
  if (!info.isFile()) throw new ReadError(`${file}: not a file`)
  if (info.size > limits.maxBytes) throw new ReadError(`${file}: larger than ${limits.maxBytes} bytes`)
  return readFile(real)
}
