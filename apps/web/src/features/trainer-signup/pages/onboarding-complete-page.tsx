import { Loader2, PartyPopper } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { brand } from '@/lib/brand'
import { getSession, startSession } from '@/lib/session'
import { clearFlow, getFlow } from '@/lib/signup-flow'
import { AuthLayout } from '../components/auth-layout'
import { completeSignup } from '../api/signup-api'

/** Where "Continuar al Panel Web" leads when no session could be opened: the login, then the dashboard. */
export const SIGN_IN_THEN_DASHBOARD = '/auth/login?next=/dashboard'

// One exchange at a time, shared by a second mount (React's strict mode runs effects twice).
let exchange: Promise<boolean> | null = null

/**
 * The flow ends here (decision 030): its signup token is spent on the server and exchanged for a
 * session (issue 23, point 9), and the flow's state is dropped. Answers whether someone is signed in.
 */
function finishSignup(): Promise<boolean> {
  if (exchange) return exchange
  const token = getFlow().token
  // completeSignup() takes the token when called, so the state can be cleared at once.
  clearFlow()
  if (!token) return Promise.resolve(getSession() !== null)
  exchange = completeSignup(token)
    .then(({ session }) => {
      if (session) startSession(session)
    })
    .catch(() => undefined)
    .then(() => getSession() !== null)
    .finally(() => {
      exchange = null
    })
  return exchange
}

export function OnboardingCompletePage() {
  usePageMeta('¡Todo listo!')
  const [signedIn, setSignedIn] = useState<boolean | null>(null)
  useEffect(() => {
    let current = true
    void finishSignup().then((yes) => current && setSignedIn(yes))
    return () => {
      current = false
    }
  }, [])
  return (
    <AuthLayout>
      <Card className="text-center">
        <CardHeader className="items-center">
          <PartyPopper className="size-12 text-primary" aria-hidden="true" />
          <CardTitle>
            <h1 className="text-2xl">¡Todo listo!</h1>
          </CardTitle>
          <CardDescription>
            Tu cuenta de entrenador en la app móvil de {brand.name} está activa. Ingresa a la app con el mismo correo y contraseña, o
            continúa al panel web.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {signedIn === null ? (
            <Button size="lg" className="w-full" disabled>
              <Loader2 className="animate-spin" aria-hidden="true" />
              Continuar al Panel Web
            </Button>
          ) : (
            <Button asChild size="lg" className="w-full">
              {/* Signed in: straight to the dashboard. Otherwise the login, which then leads there too. */}
              <Link to={signedIn ? '/dashboard' : SIGN_IN_THEN_DASHBOARD}>Continuar al Panel Web</Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  )
}
