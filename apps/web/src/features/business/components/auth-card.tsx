import type { ReactNode } from 'react'
import { LanguageSwitch } from '@/components/layout/language-switch'
import { Logo } from '@/components/layout/logo'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'

/** The centred card of the business sign-in, registration and password screens. */
export function AuthCard({
  title,
  description,
  children,
  wide = false,
}: {
  title: string
  description?: ReactNode
  children: ReactNode
  wide?: boolean
}) {
  return (
    <main className="flex min-h-dvh items-start justify-center bg-muted/60 px-4 py-10 sm:items-center">
      <Card className={wide ? 'w-full max-w-2xl' : 'w-full max-w-md'}>
        <CardHeader className="items-center text-center">
          <LanguageSwitch className="self-end" />
          <Logo className="mb-2" />
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  )
}
