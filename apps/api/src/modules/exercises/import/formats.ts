import type { Equipment, Muscle } from '@app/contracts'
import { z } from 'zod'
import { freeExerciseDb, mapWords, wger } from './vocabulary.ts'

/** One exercise of a data set, in our words, before it is stored. */
export interface ImportRow {
  externalSource: 'free-exercise-db' | 'wger'
  externalId: string
  nameEs: string
  nameEn: string
  aliases: string[]
  category: string
  level: string
  equipment: Equipment[]
  primaryMuscles: Muscle[]
  secondaryMuscles: Muscle[]
  /** Steps in Spanish when the data set has them, else English; `cuesEn` the English ones (or none). */
  cues: string[]
  cuesEn: string[]
  /** The picture as the data set names it: a URL, or a path relative to the images base. */
  image: string | null
  license: string | null
  licenseAuthor: string | null
  attribution: string | null
  /** Words of theirs we have no match for (reported, not stored). */
  unmapped: string[]
}

export type Parsed = { ok: true; row: ImportRow } | { ok: false; ref: string; reason: string }

const MAX_STEPS = 12
const MAX_STEP = 600
const clampName = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 100)
const steps = (list: string[]) =>
  list
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length > 1)
    .slice(0, MAX_STEPS)
    .map((s) => (s.length > MAX_STEP ? `${s.slice(0, MAX_STEP - 1)}…` : s))

const issue = (error: z.ZodError) => {
  const first = error.issues[0]
  return first ? `${first.path.join('.') || 'row'}: ${first.message}` : 'invalid row'
}

// ---- free-exercise-db: dist/exercises.json is an array of these; exercises/<id>.json one each.

const word = z.string().nullish()
const FreeExerciseSchema = z.object({
  id: z.string().trim().min(1).max(200),
  name: z.string().trim().min(2).max(300),
  force: word,
  level: word,
  mechanic: word,
  equipment: word,
  primaryMuscles: z.array(z.string()).default([]),
  secondaryMuscles: z.array(z.string()).default([]),
  instructions: z.array(z.string()).default([]),
  category: word,
  images: z.array(z.string()).default([]),
})

export function parseFreeExercise(raw: unknown, index: number): Parsed {
  const parsed = FreeExerciseSchema.safeParse(raw)
  const ref = refOf(raw, index)
  if (!parsed.success) return { ok: false, ref, reason: issue(parsed.error) }
  const e = parsed.data
  const primary = mapWords(e.primaryMuscles, freeExerciseDb.muscles)
  const secondary = mapWords(e.secondaryMuscles, freeExerciseDb.muscles)
  const equipment = mapWords([e.equipment], freeExerciseDb.equipment)
  const name = clampName(e.name)
  return {
    ok: true,
    row: {
      externalSource: 'free-exercise-db',
      externalId: e.id,
      nameEs: name,
      nameEn: name,
      aliases: [],
      category: freeExerciseDb.categories[e.category?.toLowerCase() ?? ''] ?? 'strength',
      level: freeExerciseDb.levels[e.level?.toLowerCase() ?? ''] ?? 'intermediate',
      equipment: equipment.kept,
      primaryMuscles: primary.kept,
      secondaryMuscles: secondary.kept.filter((m) => !primary.kept.includes(m)),
      cues: steps(e.instructions),
      cuesEn: [],
      image: e.images[0] ?? null,
      license: 'Public domain (Unlicense)',
      licenseAuthor: null,
      attribution: null,
      unmapped: [...primary.dropped, ...secondary.dropped, ...equipment.dropped.filter((w) => w !== 'other')],
    },
  }
}

// ---- wger: /api/v2/exerciseinfo/ pages ({count, next, previous, results}) of these.

const Named = z.object({ id: z.number().optional(), name: z.string().nullish(), name_en: z.string().nullish() })
const License = z.object({ short_name: z.string().nullish(), full_name: z.string().nullish(), url: z.string().nullish() }).nullish()
const Translation = z.object({
  name: z.string(),
  language: z.number(),
  description: z.string().nullish(),
  aliases: z.array(z.object({ alias: z.string() })).default([]),
  license_author: z.string().nullish(),
  author_history: z.array(z.string()).nullish(),
  license_title: z.string().nullish(),
})
const WgerExerciseSchema = z.object({
  id: z.number().int(),
  uuid: z.string().trim().min(1).max(100).nullish(),
  category: Named.nullish(),
  muscles: z.array(Named).default([]),
  muscles_secondary: z.array(Named).default([]),
  equipment: z.array(Named).default([]),
  license: License,
  license_author: z.string().nullish(),
  images: z.array(z.object({ image: z.string(), is_main: z.boolean().nullish(), license_author: z.string().nullish() })).default([]),
  translations: z.array(Translation).default([]),
  total_authors_history: z.array(z.string()).nullish(),
})

/** wger descriptions are HTML: one step per paragraph or list item, no tags. */
export function stepsOfHtml(html: string | null | undefined): string[] {
  if (!html) return []
  const text = html
    .replace(/<\s*(br|\/p|\/li|\/h\d|\/div)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
  return steps(text.split('\n'))
}

const muscleName = (m: z.infer<typeof Named>) => [m.name, m.name_en]
const mapMuscles = (list: z.infer<typeof Named>[]) => {
  const kept: Muscle[] = []
  const dropped: string[] = []
  for (const m of list) {
    const ours = mapWords(muscleName(m), wger.muscles).kept[0]
    if (ours) {
      if (!kept.includes(ours)) kept.push(ours)
    } else dropped.push(m.name ?? String(m.id))
  }
  return { kept, dropped }
}

/** `origin`: where the page came from (its host names the instance in the attribution). */
export function parseWgerExercise(raw: unknown, index: number, origin: string): Parsed {
  const parsed = WgerExerciseSchema.safeParse(raw)
  const ref = refOf(raw, index)
  if (!parsed.success) return { ok: false, ref, reason: issue(parsed.error) }
  const e = parsed.data
  const en = e.translations.find((t) => t.language === wger.languages.en)
  const es = e.translations.find((t) => t.language === wger.languages.es)
  const main = es ?? en
  if (!main || clampName(main.name).length < 2) return { ok: false, ref, reason: 'no Spanish or English translation' }
  const primary = mapMuscles(e.muscles)
  const secondary = mapMuscles(e.muscles_secondary)
  const equipment = mapWords(
    e.equipment.map((x) => x.name),
    wger.equipment,
  )
  const category = wger.categories[e.category?.name?.toLowerCase() ?? ''] ?? 'strength'
  const image = e.images.find((i) => i.is_main) ?? e.images[0]
  const license = e.license?.short_name ?? e.license?.full_name ?? null
  const authors = uniq([
    ...(e.total_authors_history ?? []),
    ...[es, en].flatMap((t) => (t ? [t.license_author, ...(t.author_history ?? [])] : [])),
    e.license_author,
    image?.license_author,
  ])
  const nameEn = clampName((en ?? main).name)
  return {
    ok: true,
    row: {
      externalSource: 'wger',
      externalId: e.uuid ?? String(e.id),
      nameEs: clampName(main.name),
      nameEn,
      aliases: [es, en].flatMap((t) => t?.aliases.map((a) => clampName(a.alias)) ?? []).slice(0, 10),
      category,
      level: 'intermediate',
      equipment: equipment.kept,
      primaryMuscles: primary.kept,
      secondaryMuscles: secondary.kept.filter((m) => !primary.kept.includes(m)),
      cues: stepsOfHtml(main.description),
      cuesEn: es && en ? stepsOfHtml(en.description) : [],
      image: image?.image ?? null,
      license,
      licenseAuthor: authors.join(', ').slice(0, 500) || null,
      attribution: attributionOf(nameEn, authors, license, origin),
      unmapped: [...primary.dropped, ...secondary.dropped, ...equipment.dropped],
    },
  }
}

const uniq = (list: (string | null | undefined)[]) => [...new Set(list.map((s) => s?.trim()).filter((s): s is string => !!s))]

/**
 * What CC-BY-SA asks us to show: the work, its authors, the license and where it comes from.
 * Names and codes only, so one text serves both languages.
 */
export function attributionOf(title: string, authors: string[], license: string | null, origin: string) {
  const who = authors.length > 3 ? `${authors.slice(0, 3).join(', ')} +${authors.length - 3}` : authors.join(', ')
  return [`“${title}”`, who, license, origin].filter(Boolean).join(' · ').slice(0, 300)
}

function refOf(raw: unknown, index: number) {
  if (raw && typeof raw === 'object') {
    const r = raw as Record<string, unknown>
    const id = r.uuid ?? r.id
    if (typeof id === 'string' || typeof id === 'number') return `#${index + 1} (${String(id).slice(0, 80)})`
  }
  return `#${index + 1}`
}
