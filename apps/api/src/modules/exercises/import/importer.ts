import { existsSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/client.ts'
import { exercises } from '../../../db/schema.ts'
import { searchTextOf } from '../../../db/search-text.ts'
import { EXERCISE_IMAGE, currentImage, setExerciseImage } from '../images.ts'
import { fetchBytes, isUrl, readLocal, ReadError, type ReadLimits } from './fetch.ts'
import { parseFreeExercise, parseWgerExercise, type ImportRow, type Parsed } from './formats.ts'

// `npm run exercises:import -- <file or URL>` (decision 218): free-exercise-db's JSON or wger's
// exerciseinfo pages into `exercises` (source 'import'), one row per data set and id there, so a
// second run updates the same rows. A bad row or picture is reported and skipped.

export interface ImportOptions {
  /** A file path (absolute, or relative to the working folder) or an http(s) URL. */
  source: string
  /** Where free-exercise-db's relative image paths live (URL or folder); default beside the data. */
  images?: string | null
  /** Leave pictures out (data only). */
  skipImages?: boolean
  /** Per read; tests shorten them. */
  pageTimeoutMs?: number
  imageTimeoutMs?: number
  maxPages?: number
}

export interface ImportReport {
  format: 'free-exercise-db' | 'wger'
  read: number
  created: number
  updated: number
  skipped: { ref: string; reason: string }[]
  images: { stored: number; kept: number; failed: number }
  /** Pictures that failed and words we could not map, one line each (the first ones). */
  warnings: string[]
  unmappedWords: Record<string, number>
}

const PAGE_LIMITS = { timeoutMs: 30_000, maxBytes: 100 * 1024 * 1024 }
const IMAGE_LIMITS = { timeoutMs: 20_000, maxBytes: EXERCISE_IMAGE.maxBytes }
const MAX_PAGES = 500
const PARALLEL = 4
const MAX_WARNINGS = 50

export class ImportInputError extends Error {}

/** Reads the whole data set: one file or URL, and for wger every `next` page after it. */
async function readDataSet(options: ImportOptions) {
  const limits: ReadLimits = { ...PAGE_LIMITS, timeoutMs: options.pageTimeoutMs ?? PAGE_LIMITS.timeoutMs }
  const remote = isUrl(options.source)
  const parseJson = (bytes: Buffer, where: string) => {
    try {
      return JSON.parse(bytes.toString('utf8')) as unknown
    } catch {
      throw new ImportInputError(`${where}: not JSON`)
    }
  }
  const read = async (ref: string) => {
    try {
      return parseJson(remote ? await fetchBytes(ref, limits) : await readLocal(ref, limits), ref)
    } catch (err) {
      if (err instanceof ReadError) throw new ImportInputError(err.message)
      throw err
    }
  }
  const first = await read(options.source)
  if (Array.isArray(first)) return { format: 'free-exercise-db' as const, pages: [{ url: options.source, rows: first }] }
  if (first && typeof first === 'object' && Array.isArray((first as { results?: unknown }).results)) {
    const pages = [{ url: options.source, rows: (first as { results: unknown[] }).results }]
    let next = (first as { next?: unknown }).next
    const seen = new Set([options.source])
    while (remote && typeof next === 'string' && next && pages.length < (options.maxPages ?? MAX_PAGES)) {
      const url = new URL(next, pages.at(-1)!.url).toString()
      if (seen.has(url) || !isUrl(url)) break
      seen.add(url)
      const page = (await read(url)) as { results?: unknown; next?: unknown }
      if (!Array.isArray(page?.results)) throw new ImportInputError(`${url}: no results list`)
      pages.push({ url, rows: page.results })
      next = page.next
    }
    return { format: 'wger' as const, pages }
  }
  if (first && typeof first === 'object' && 'primaryMuscles' in first)
    return { format: 'free-exercise-db' as const, pages: [{ url: options.source, rows: [first] }] }
  throw new ImportInputError(
    `${options.source}: neither free-exercise-db JSON (a list of exercises) nor a wger exerciseinfo page (with "results")`,
  )
}

/** Where free-exercise-db's relative image paths point: `dist/exercises.json` → `exercises/`, else beside the file. */
function imagesBaseOf(options: ImportOptions): string {
  if (options.images) return isUrl(options.images) ? withSlash(options.images) : path.resolve(options.images)
  const inDist = /(^|[/\\])dist[/\\]exercises\.json$/i
  if (isUrl(options.source))
    return new URL(inDist.test(new URL(options.source).pathname) ? '../exercises/' : './', options.source).toString()
  const dir = path.dirname(path.resolve(options.source))
  const beside = path.resolve(dir, '../exercises')
  return inDist.test(options.source) && existsSync(beside) ? beside : dir
}
const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`)

/**
 * A picture reference made absolute: a URL, or a path inside the images folder. wger names its
 * pictures by URL (relative ones against the page); free-exercise-db by path under the images base.
 */
function locate(ref: string, format: ImportReport['format'], base: string, pageUrl: string): { where: string; within?: string } {
  if (isUrl(ref)) return { where: ref }
  if (format === 'wger' && isUrl(pageUrl)) return { where: new URL(ref, pageUrl).toString() }
  if (isUrl(base)) return { where: new URL(ref.replace(/^\/+/, ''), base).toString() }
  return { where: path.resolve(base, ref.replace(/^\/+/, '')), within: base }
}

export async function importExercises(db: Db, options: ImportOptions): Promise<ImportReport> {
  const data = await readDataSet(options)
  const imagesBase = imagesBaseOf(options)
  const origin = isUrl(options.source) ? new URL(options.source).host : data.format === 'wger' ? 'wger' : 'free-exercise-db'
  const report: ImportReport = {
    format: data.format,
    read: 0,
    created: 0,
    updated: 0,
    skipped: [],
    images: { stored: 0, kept: 0, failed: 0 },
    warnings: [],
    unmappedWords: {},
  }
  const warn = (line: string) => {
    if (report.warnings.length < MAX_WARNINGS) report.warnings.push(line)
  }
  const imageLimits = { ...IMAGE_LIMITS, timeoutMs: options.imageTimeoutMs ?? IMAGE_LIMITS.timeoutMs }

  const work: { parsed: Parsed; pageUrl: string }[] = []
  let index = 0
  for (const page of data.pages)
    for (const raw of page.rows) {
      const parsed = data.format === 'wger' ? parseWgerExercise(raw, index, origin) : parseFreeExercise(raw, index)
      work.push({ parsed, pageUrl: page.url })
      index++
    }
  report.read = work.length
  const seen = new Set<string>()

  const one = async ({ parsed, pageUrl }: (typeof work)[number]) => {
    if (!parsed.ok) return void report.skipped.push({ ref: parsed.ref, reason: parsed.reason })
    const row = parsed.row
    if (seen.has(row.externalId)) return void report.skipped.push({ ref: row.externalId, reason: 'listed twice' })
    seen.add(row.externalId)
    for (const w of row.unmapped) report.unmappedWords[w] = (report.unmappedWords[w] ?? 0) + 1
    let id: string
    try {
      const saved = await upsert(db, row)
      id = saved.id
      if (saved.created) report.created++
      else report.updated++
    } catch (err) {
      return void report.skipped.push({ ref: row.externalId, reason: `not stored: ${(err as Error).message.split('\n')[0]}` })
    }
    if (!row.image || options.skipImages) return
    const { where, within } = locate(row.image, data.format, imagesBase, pageUrl)
    try {
      const now = await currentImage(db, id)
      if (now?.origin === where) return void report.images.kept++
      const bytes = isUrl(where) ? await fetchBytes(where, imageLimits) : await readLocal(where, imageLimits, within)
      const before = now?.id
      const after = await setExerciseImage(db, id, where, bytes)
      if (after === before) report.images.kept++
      else report.images.stored++
    } catch (err) {
      report.images.failed++
      warn(`${row.externalId}: ${(err as Error).message.split('\n')[0]}`)
    }
  }

  // A few at a time: pictures are the slow part, and the database takes one write at a time anyway.
  let next = 0
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < work.length) await one(work[next++]!)
    }),
  )
  return report
}

async function upsert(db: Db, row: ImportRow) {
  const values = {
    source: 'import' as const,
    externalSource: row.externalSource,
    externalId: row.externalId,
    nameEs: row.nameEs,
    nameEn: row.nameEn,
    category: row.category,
    level: row.level,
    equipment: row.equipment,
    primaryMuscles: row.primaryMuscles,
    secondaryMuscles: row.secondaryMuscles,
    cues: row.cues,
    cuesEn: row.cuesEn,
    license: row.license,
    licenseAuthor: row.licenseAuthor,
    attribution: row.attribution,
    searchText: searchTextOf([row.nameEs, row.nameEn, ...row.aliases]),
  }
  const { source: _source, externalSource: _s, externalId: _i, ...changes } = values
  const [saved] = await db
    .insert(exercises)
    .values(values)
    .onConflictDoUpdate({ target: [exercises.externalSource, exercises.externalId], set: { ...changes, updatedAt: new Date() } })
    .returning({ id: exercises.id, created: sql<boolean>`(xmax = 0)` })
  return saved
}

/** The report in lines: what an operator reads after the command. */
export function reportLines(report: ImportReport, kind: string) {
  const stdout = [
    `exercises:import on ${kind}: ${report.read} ${report.format} exercise(s) read, ${report.created} new, ${report.updated} updated, ${report.skipped.length} skipped`,
    `pictures: ${report.images.stored} stored, ${report.images.kept} unchanged, ${report.images.failed} failed`,
  ]
  const unmapped = Object.entries(report.unmappedWords).sort((a, b) => b[1] - a[1])
  if (unmapped.length)
    stdout.push(`words with no match in our vocabulary (left out): ${unmapped.map(([w, n]) => `${w} (${n})`).join(', ')}`)
  const stderr = [
    ...report.skipped.slice(0, MAX_WARNINGS).map((s) => `SKIPPED ${s.ref}: ${s.reason}`),
    ...(report.skipped.length > MAX_WARNINGS ? [`SKIPPED: ${report.skipped.length - MAX_WARNINGS} more not listed`] : []),
    ...report.warnings.map((w) => `PICTURE ${w}`),
  ]
  return { stdout, stderr }
}
