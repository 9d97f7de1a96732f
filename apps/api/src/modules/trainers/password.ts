import { randomInt } from 'node:crypto'

// No look-alikes (0/O, 1/l/I) so that a password read off the screen is typed right.
const LOWER = 'abcdefghijkmnopqrstuvwxyz'
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const DIGITS = '23456789'
const SYMBOLS = '!@#$%&*?-_+='
const ALL = LOWER + UPPER + DIGITS + SYMBOLS

/**
 * A strong random password (about 95 bits for 16 characters) with at least one lower-case letter,
 * upper-case letter, digit and symbol, so it also passes the trainer sign-up rules.
 */
export function generatePassword(length = 16): string {
  const pick = (set: string) => set[randomInt(set.length)]
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)]
  while (chars.length < length) chars.push(pick(ALL))
  // Fisher–Yates so that the required classes are not always at the front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j], chars[i]]
  }
  return chars.join('')
}
