import { PartyPopper } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { brand } from '@/lib/brand'
import { clearFlow, getFlow } from '@/lib/signup-flow'
import { AuthLayout } from '../components/auth-layout'
import { completeSignup } from '../api/signup-api'

export function OnboardingCompletePage() {
  usePageMeta('¡Todo listo!')
  // The flow ends here: the server revokes its signup token, and its state is dropped.
  useEffect(() => {
    // completeSignup() takes the token when called, so the state can be cleared at once.
    if (getFlow().token) void completeSignup().catch(() => undefined)
    clearFlow()
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
          <Button asChild size="lg" className="w-full">
            <Link to="/auth/login">Continuar al Panel Web</Link>
          </Button>
        </CardContent>
      </Card>
    </AuthLayout>
  )
}
