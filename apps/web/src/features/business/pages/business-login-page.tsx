import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, Navigate, useNavigate } from 'react-router'
import type { z } from 'zod'
import { PageLoading } from '@/components/layout/page-loading'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { serverErrorText } from '@/lib/error-text'
import { formResolver } from '@/lib/form-resolver'
import { LoginFormSchema } from '@/lib/login-form'
import { isBusinessUser } from '@/lib/session'
import { useSession } from '@/lib/use-session'
import { AuthCard } from '../components/auth-card'

/** Spec §8: the alert when the server gave no message. */
export const LOGIN_FAILED = 'An error occurred during login'

export function BusinessLoginPage() {
  usePageMeta('Business Login', 'Sign in to manage your gym and its trainers.')
  const { user, isLoading, login } = useSession()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const form = useForm<z.input<typeof LoginFormSchema>, unknown, z.output<typeof LoginFormSchema>>({
    resolver: formResolver(LoginFormSchema, 'en'),
    defaultValues: { email: '', password: '' },
  })
  const { errors, isSubmitting } = form.formState

  if (isLoading && !isSubmitting) return <PageLoading label="Loading..." />
  if (user && isBusinessUser(user.role) && !isSubmitting) return <Navigate to="/business/dashboard" replace />

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null)
    try {
      await login(values, 'business')
      navigate('/business/dashboard', { replace: true })
    } catch (err) {
      setError(serverErrorText(err, 'en', LOGIN_FAILED).message)
    }
  })

  return (
    <AuthCard title="Business Login" description="Sign in to manage your gym and trainers">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField id="email" label="Email" type="email" autoComplete="email" placeholder="you@yourgym.com" error={errors.email?.message} {...form.register('email')} />
        <FormField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Link to="/recuperar-password" className="-mt-2 justify-self-end text-sm text-primary underline-offset-4 hover:underline">
          Forgot your password?
        </Link>
        {error && <ErrorAlert>{error}</ErrorAlert>}
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
