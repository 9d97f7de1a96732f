import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, Navigate, useNavigate } from 'react-router'
import { z } from 'zod'
import { BUSINESS_ROLES } from '@app/contracts'
import { usePageMeta } from '@/components/layout/page-title'
import { PageLoading } from '@/components/layout/page-loading'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { ApiError } from '@/lib/api-client'
import { useSession } from '@/lib/use-session'
import { AuthCard, FieldError, FormAlert } from './auth-card'

const LoginFormSchema = z.object({
  email: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
})
type LoginForm = z.infer<typeof LoginFormSchema>

/** The server's own message, when the answer carried one. */
function serverMessage(err: unknown): string | undefined {
  const message = err instanceof ApiError ? (err.data as { message?: unknown } | null)?.message : undefined
  return typeof message === 'string' && message.trim() ? message : undefined
}

export const isBusinessUser = (role: string | undefined) => Boolean(role && (BUSINESS_ROLES as readonly string[]).includes(role))

export function BusinessLoginPage() {
  usePageMeta('Business Login', 'Sign in to manage your gym and its trainers.')
  const { user, isLoading, login } = useSession()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const form = useForm<LoginForm>({ resolver: zodResolver(LoginFormSchema), defaultValues: { email: '', password: '' } })
  const { errors, isSubmitting } = form.formState

  if (isLoading && !isSubmitting) return <PageLoading label="Loading..." />
  if (user && isBusinessUser(user.role) && !isSubmitting) return <Navigate to="/business/dashboard" replace />

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null)
    try {
      await login({ email: values.email.trim(), password: values.password }, 'business')
      navigate('/business/dashboard', { replace: true })
    } catch (err) {
      setError(serverMessage(err) ?? 'An error occurred during login')
    }
  })

  return (
    <AuthCard title="Business Login" description="Sign in to manage your gym and trainers">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="email">Email</Label>
          <Input id="email" type="email" autoComplete="email" placeholder="you@yourgym.com" aria-invalid={!!errors.email} aria-describedby={errors.email ? 'email-error' : undefined} {...form.register('email')} />
          <FieldError id="email-error" message={errors.email?.message} />
        </div>
        <div className="grid gap-2">
          <div className="flex items-center justify-between">
            <Label htmlFor="password">Password</Label>
            <Link to="/recuperar-password" className="text-sm text-primary underline-offset-4 hover:underline">
              Forgot your password?
            </Link>
          </div>
          <Input id="password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} aria-describedby={errors.password ? 'password-error' : undefined} {...form.register('password')} />
          <FieldError id="password-error" message={errors.password?.message} />
        </div>
        {error && (
          <FormAlert>{error}</FormAlert>
        )}
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Don&apos;t have a business account?{' '}
          <Link to="/business/registro" className="font-medium text-primary underline-offset-4 hover:underline">
            Register your gym
          </Link>
        </p>
      </form>
    </AuthCard>
  )
}
