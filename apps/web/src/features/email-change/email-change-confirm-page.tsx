import type { EmailChangeConfirmed } from '@app/contracts'
import { CheckCircle2, XCircle } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { api, ApiError } from '@/lib/api-client'

const confirmEmailChange = (token: string) => api.post<EmailChangeConfirmed>('/auth/email-change/confirm', { token }, { auth: false })

type State = { kind: 'loading' } | { kind: 'done'; email: string } | { kind: 'error'; message: string }

function messageOf(err: unknown) {
  if (err instanceof ApiError && err.errors?.email === 'emailAlreadyExists')
    return 'Este correo ya está en uso por otra cuenta. Habla con tu gimnasio.'
  if (err instanceof ApiError && err.status === 422)
    return 'El enlace no es válido o ha expirado. Pide a tu gimnasio que vuelva a solicitar el cambio.'
  return 'No pudimos confirmar el cambio. Inténtalo nuevamente.'
}

/** /confirmar-correo?token=…: the new address confirms a trainer's login e-mail change. */
export function EmailChangeConfirmPage() {
  usePageMeta('Confirmar correo')
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [state, setState] = useState<State>(
    token ? { kind: 'loading' } : { kind: 'error', message: 'El enlace no es válido o ha expirado.' },
  )
  // The token is single use: React's development double effect must not send it twice.
  const sent = useRef(false)
  useEffect(() => {
    if (!token || sent.current) return
    sent.current = true
    confirmEmailChange(token).then(
      (res) => setState({ kind: 'done', email: res.email }),
      (err) => setState({ kind: 'error', message: messageOf(err) }),
    )
  }, [token])

  return (
    <main className="grid min-h-screen place-items-center bg-muted/40 px-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1 className="text-xl">Confirmar correo</h1>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 text-center">
          {state.kind === 'loading' && <p role="status">Confirmando tu nuevo correo...</p>}
          {state.kind === 'done' && (
            <>
              <CheckCircle2 className="mx-auto size-12 text-primary" aria-hidden="true" />
              <p role="status">
                Listo: ahora inicias sesión con <strong className="break-all">{state.email}</strong>.
              </p>
              <Button asChild>
                <Link to="/auth/login">Iniciar sesión</Link>
              </Button>
            </>
          )}
          {state.kind === 'error' && (
            <>
              <XCircle className="mx-auto size-12 text-destructive" aria-hidden="true" />
              <p role="alert">{state.message}</p>
              <Button variant="outline" asChild>
                <Link to="/">Volver al inicio</Link>
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
