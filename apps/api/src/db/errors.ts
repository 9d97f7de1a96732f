/** A unique index refused the row (PostgreSQL 23505; drizzle wraps the driver's error in `cause`). */
export const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null
  return e?.code === '23505' || e?.cause?.code === '23505'
}
