import type { Exercise } from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { prepareLanguage } from '@/lib/i18n'
import { ExercisePicker } from './exercise-picker'

const base: Exercise = {
  id: 'e1',
  source: 'library',
  scope: null,
  nameEs: 'Press banca con barra',
  nameEn: 'Barbell bench press',
  category: 'strength',
  level: 'beginner',
  equipment: ['barbell'],
  primaryMuscles: ['chest'],
  secondaryMuscles: [],
  cues: [],
  cuesEn: [],
  videoUrl: null,
  imageUrl: null,
  attribution: null,
}
const imported: Exercise = {
  ...base,
  id: 'e2',
  source: 'import',
  nameEs: 'Press banca con pausa en el pecho',
  nameEn: 'Paused bench press to chest',
  imageUrl: '/api/v1/exercise-images/0b1f9c3e-1111-4a5b-8c6d-000000009001',
  attribution: '“Paused bench press to chest” · ana.trainer · CC-BY-SA 4 · wger.de',
}

beforeAll(async () => {
  localStorage.setItem('language', 'es')
  await prepareLanguage('es', ['program-builder', 'errors'])
})
afterEach(() => vi.unstubAllGlobals())

describe('ExercisePicker', () => {
  it('shows an imported exercise’s attribution (CC-BY-SA) and thumbnail; the library’s has none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ data: [base, imported] }))),
    )
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ExercisePicker dayLabel="Día 1" onAdd={() => undefined} />
      </QueryClientProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Agregar ejercicio' }))
    expect(await screen.findByText('Press banca con pausa en el pecho')).toBeTruthy()
    expect(screen.getByText(`Fuente: ${imported.attribution}`)).toBeTruthy()
    expect(screen.getAllByText(/^Fuente:/)).toHaveLength(1)
    const thumbs = document.querySelectorAll('img')
    expect([...thumbs].map((img) => img.getAttribute('src'))).toEqual([`${imported.imageUrl}?size=thumb`])
  })
})
