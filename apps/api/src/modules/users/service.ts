import type { AccountLanguage, Role, User } from '@app/contracts'
import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { hashPassword, needsRehash } from './hashing.ts'

type UserRow = typeof users.$inferSelect

export { hashPassword, verifyPassword } from './hashing.ts'

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** The contract shape of a user: never the hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    isActive: row.isActive,
    emailVerified: row.emailVerifiedAt !== null,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function findUserByEmail(db: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1)
  return row
}

export async function findUserById(db: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

export interface NewUser {
  email: string
  password: string
  firstName: string
  lastName: string
  role?: Role
  /** The language of the screen the account was made on (default Spanish, decision 161). */
  language?: AccountLanguage
  /** Already hashed (e.g. before a transaction opens), instead of hashing `password` here. */
  passwordHash?: string
}

/** Inserts a user; returns undefined when the e-mail is already taken (unique index on lower(email)). */
export async function insertUser(db: Tx, input: NewUser): Promise<UserRow | undefined> {
  const passwordHash = input.passwordHash ?? (await hashPassword(input.password))
  const [row] = await db
    .insert(users)
    .values({
      email: normalizeEmail(input.email),
      passwordHash,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      role: input.role ?? 'member',
      language: input.language ?? 'es',
    })
    .onConflictDoNothing()
    .returning()
  return row
}

/**
 * After a successful login with a hash made under older settings: stores a hash with today's. Only
 * if the hash is still the one verified, so a password changed meanwhile is never overwritten.
 */
export async function upgradePasswordHash(db: Tx, user: Pick<UserRow, 'id' | 'passwordHash'>, password: string) {
  if (!needsRehash(user.passwordHash)) return false
  const passwordHash = await hashPassword(password)
  const updated = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
    .returning({ id: users.id })
  return updated.length === 1
}
