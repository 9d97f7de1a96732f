/** Lower case, accents and punctuation removed: "Sentadilla Búlgara" → "sentadilla bulgara". */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

export const searchTextOf = (names: string[]) => normalizeSearch(names.join(' '))
