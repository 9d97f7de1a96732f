import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { DeferredToaster } from '@/components/layout/deferred-toaster'
import { ApiError } from '@/lib/api-client'
import { seedPlans } from '@/lib/plans'
import { SessionProvider } from '@/lib/use-session'

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = new QueryClient({
      defaultOptions: {
        queries: {
          staleTime: 30_000,
          refetchOnWindowFocus: false,
          // Client errors will not get better by asking again.
          retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
        },
      },
    })
    seedPlans(client)
    return client
  })
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {children}
        <DeferredToaster />
      </SessionProvider>
    </QueryClientProvider>
  )
}
