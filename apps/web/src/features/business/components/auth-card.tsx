import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { AlertCircle, Dumbbell } from 'lucide-react'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { brand } from '@/lib/brand'

/** The centred card of the business sign-in, registration and password screens. */
export function AuthCard({ title, description, children, wide = false }: { title: string; description?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <main className="flex min-h-dvh items-start justify-center bg-muted/60 px-4 py-10 sm:items-center">
      <Card className={wide ? 'w-full max-w-2xl' : 'w-full max-w-md'}>
        <CardHeader className="items-center text-center">
          <Link to="/" className="mb-2 inline-flex items-center gap-2 rounded-md text-lg font-bold text-primary">
            <Dumbbell className="size-6" aria-hidden="true" />
            {brand.name}
          </Link>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  )
}

/** A message under a field, tied to it by id for screen readers. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  )
}

/** A form-level error; darker than the stock destructive alert so it keeps 4.5:1 contrast. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <Alert variant="destructive" className="border-red-300 bg-red-50 text-red-800 [&>svg]:text-red-800">
      <AlertCircle aria-hidden="true" />
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  )
}
