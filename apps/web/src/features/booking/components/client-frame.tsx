import type { ReactNode } from 'react'

/** The booking pages' content column; the client shell of issue 25 (/cliente) gives the header and the tabs. */
export function ClientFrame({ children }: { children: ReactNode }) {
  return <div className="grid gap-6">{children}</div>
}
