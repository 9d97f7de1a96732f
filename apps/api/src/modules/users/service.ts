import type { Role, User } from '@app/contracts'
import { eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { hashPassword } from './password-hashing.ts'

type UserRow = typeof users.$inferSelect

export { hashPassword, verifyPassword } from './password-hashing.ts'

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
}

/** Inserts a user; returns undefined when the e-mail is already taken (unique index on lower(email)). */
export async function insertUser(db: Tx, input: NewUser): Promise<UserRow | undefined> {
  const passwordHash = await hashPassword(input.password)
  const [row] = await db
    .insert(users)
    .values({
      email: normalizeEmail(input.email),
      passwordHash,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      role: input.role ?? 'member',
    })
    .onConflictDoNothing()
    .returning()
  return row
}
