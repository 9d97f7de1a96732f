import { AlertCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import { Alert, AlertDescription } from '@/components/ui/alert'

/** The destructive alert with text dark enough for WCAG AA on its tinted background. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Alert variant="destructive" className="border-red-300 bg-red-50 text-red-800">
      <AlertCircle aria-hidden="true" />
      <AlertDescription className="text-red-800">{children}</AlertDescription>
    </Alert>
  )
}
