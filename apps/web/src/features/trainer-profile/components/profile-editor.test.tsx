import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { prepareLanguage } from '@/lib/i18n'
import { ProfileEditor } from './profile-editor'

beforeAll(async () => {
  await prepareLanguage('es', ['trainer-profile', 'errors'])
})
afterEach(() => vi.unstubAllGlobals())

describe('ProfileEditor', () => {
  // axe: an aria-label on an element without a role is not announced (aria-prohibited-attr); the
  // E2E's axe sweep caught the editor's skeleton while the profile loaded.
  it('while the profile loads, says so as a status region', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    )
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ProfileEditor />
      </QueryClientProvider>,
    )
    expect(await screen.findByRole('status', { name: 'Cargando perfil…' })).toBeTruthy()
  })
})
