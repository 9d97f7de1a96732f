/** Where to go after signing in: only a path of the client's own pages, never another site. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/cliente') || next.startsWith('//') || next.includes('\\')) return '/cliente'
  return next
}
