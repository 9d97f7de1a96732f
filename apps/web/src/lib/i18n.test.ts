// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from './language'

// The missing-key test of decision 047: both languages of every namespace have the same keys, every
// key the code names exists, and no key is left unused.

const src = fileURLToPath(new URL('..', import.meta.url))

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

const files = walk(src)

/** namespace → language → flattened keys, from the same paths lib/i18n.ts loads. */
const locales = new Map<string, Map<string, Map<string, string>>>()
for (const file of files) {
  const match = /[\\/](?:features[\\/]([^\\/]+)[\\/]locales|locales[\\/]([^\\/]+))[\\/]([a-z]+)\.json$/.exec(
    relative(src, file).replace(/^/, '/'),
  )
  if (!match) continue
  const namespace = match[1] ?? match[2]!
  const flat = new Map<string, string>()
  const visit = (node: unknown, prefix: string) => {
    if (typeof node === 'string') flat.set(prefix, node)
    else for (const [key, value] of Object.entries(node as object)) visit(value, prefix ? `${prefix}.${key}` : key)
  }
  visit(JSON.parse(readFileSync(file, 'utf8')), '')
  if (!locales.has(namespace)) locales.set(namespace, new Map())
  locales.get(namespace)!.set(match[3]!, flat)
}

/** Keys each language may leave out: per-field overrides that fall back to the generic text. */
const OPTIONAL = [/^errors:fieldCode\./]

/** `years_one`, `years_other` → `years`: the code names the key, i18next adds the plural form. */
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '')

/**
 * The keys the code names: `t('key')` or `<Trans i18nKey="key">` after `useTranslation('ns', { keyPrefix: 'p' })` in the same
 * file (the last call above it), `t('ns:key')`, and prefixes of keys built at run time
 * (t(`language.${x}`)).
 */
function keysInCode() {
  const used = new Set<string>()
  const dynamic = new Set<string>()
  for (const file of files) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue
    const code = readFileSync(file, 'utf8')
    const pattern =
      /useTranslation\(\s*'([^']+)'(?:\s*,\s*\{\s*keyPrefix:\s*'([^']+)'\s*\})?\s*\)|\bt\(\s*(['`])([^'`$]*)(\$\{)?|i18nKey=(['"])([^'"]+)|\b(useShellText)\(|\bshellText\(\s*'([^']+)'|\bt: (TodayText)\b/g
    let namespace: string | undefined
    let prefix = ''
    for (const match of code.matchAll(pattern)) {
      // lib/shell-text.ts: `t` of useShellText() and shellText('key') name keys of the 'shell' namespace.
      if (match[8]) {
        namespace = 'shell'
        prefix = ''
        continue
      }
      if (match[9]) {
        used.add(`shell:${match[9]}`)
        continue
      }
      // features/routines/lib/workout-text.ts and the island: a `t: TodayText` names 'routines' keys under 'today.'.
      if (match[10]) {
        namespace = 'routines'
        prefix = 'today.'
        continue
      }
      if (match[1]) {
        namespace = match[1]
        prefix = match[2] ? `${match[2]}.` : ''
        continue
      }
      if (!namespace) continue
      const key = match[4] ?? match[7]!
      const full = key.includes(':') ? key : `${namespace}:${prefix}${key}`
      if (match[5]) dynamic.add(full)
      else used.add(full)
    }
  }
  return { used, dynamic }
}

describe('translations', () => {
  it('finds the namespaces lib/i18n.ts loads', () => {
    expect([...locales.keys()]).toEqual(expect.arrayContaining(['common', 'errors', 'business']))
    for (const [namespace, languages] of locales) expect([...languages.keys()].sort(), namespace).toEqual([...LANGUAGES].sort())
  })

  it('every key of one language exists in the other', () => {
    const missing: string[] = []
    for (const [namespace, languages] of locales) {
      const all = new Set([...languages.values()].flatMap((flat) => [...flat.keys()]))
      for (const key of all) {
        const full = `${namespace}:${key}`
        if (OPTIONAL.some((rule) => rule.test(full))) continue
        for (const language of LANGUAGES) if (!languages.get(language)?.has(key)) missing.push(`${language} ${full}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('no text is empty and the placeholders match between languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort()
    for (const [namespace, languages] of locales) {
      const [first, ...others] = LANGUAGES.map((language) => languages.get(language)!)
      for (const [key, text] of first!) {
        expect(text.trim(), `${namespace}:${key}`).not.toBe('')
        if (OPTIONAL.some((rule) => rule.test(`${namespace}:${key}`))) continue
        for (const other of others)
          if (other.has(key)) expect(placeholders(other.get(key)!), `${namespace}:${key}`).toEqual(placeholders(text))
      }
    }
  })

  it('every key the code names exists in both languages', () => {
    const { used, dynamic } = keysInCode()
    expect(used.size).toBeGreaterThan(10)
    const missing: string[] = []
    for (const full of used) {
      const [namespace, key] = full.split(':') as [string, string]
      for (const language of LANGUAGES)
        if (![...(locales.get(namespace)?.get(language)?.keys() ?? [])].some((known) => baseKey(known) === key))
          missing.push(`${language} ${full}`)
    }
    for (const prefix of dynamic) {
      const [namespace, start] = prefix.split(':') as [string, string]
      if (![...(locales.get(namespace)?.get('es')?.keys() ?? [])].some((key) => key.startsWith(start))) missing.push(`any ${prefix}…`)
    }
    expect(missing).toEqual([])
  })

  it('every key is used (errors: by lib/error-text.ts, checked in its own test)', () => {
    const { used, dynamic } = keysInCode()
    const unused: string[] = []
    for (const [namespace, languages] of locales) {
      if (namespace === 'errors') continue
      for (const key of languages.get('es')!.keys()) {
        const full = `${namespace}:${baseKey(key)}`
        if (!used.has(full) && ![...dynamic].some((prefix) => full.startsWith(prefix))) unused.push(full)
      }
    }
    expect(unused).toEqual([])
  })
})

describe('formatters', () => {
  it("write dates on Chile's calendar in the reader's language, whatever the browser's time zone", async () => {
    const { formatters } = await import('./i18n')
    // 00:07 UTC on 24 November is still 23 November in Santiago (UTC−3).
    expect(formatters('es').date('2026-11-24T00:07:00Z')).toBe('23 de noviembre de 2026')
    expect(formatters('en').date('2026-11-24T00:07:00Z')).toBe('November 23, 2026')
  })
})
