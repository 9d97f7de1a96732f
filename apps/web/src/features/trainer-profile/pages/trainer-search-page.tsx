import { MODALITIES, SPECIALISATION_KEYS } from '@app/contracts/profile-labels'
import { useSearchParams } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { type SearchFilters, useTrainerSearch } from '../api/profile-api'
import { PublicFrame } from '../components/public-frame'
import { TrainerCard } from '../components/trainer-card'
import { modalityLabel, specialisationLabel } from '../lib/labels'

const field = 'h-10 w-full rounded-md border bg-background px-3 text-sm'

/**
 * /entrenadores: search published trainers. A plain GET form and page links, so it works before
 * (and without) JavaScript; the API renders the same on the server (decision 143).
 */
export function TrainerSearchPage() {
  usePageMeta(
    'Encuentra tu entrenador personal',
    'Busca entrenadores personales certificados por especialidad, comuna y modalidad, con precios en pesos y reseñas.',
  )
  const [params] = useSearchParams()
  const filters: SearchFilters = {
    q: params.get('q') ?? undefined,
    city: params.get('city') ?? undefined,
    specialisation: params.get('specialisation') ?? undefined,
    modality: params.get('modality') ?? undefined,
    priceMax: params.get('priceMax') ? Number(params.get('priceMax')) : undefined,
    sort: params.get('sort') ?? undefined,
  }
  const cursor = params.get('cursor') ?? undefined
  const results = useTrainerSearch(filters, cursor)
  const next = results.data?.nextCursor
  const nextParams = new URLSearchParams(params)
  if (next) nextParams.set('cursor', next)

  return (
    <PublicFrame>
      <h1 className="text-3xl font-bold tracking-tight">Encuentra tu entrenador</h1>
      <form
        method="get"
        action="/entrenadores"
        role="search"
        className="mt-6 grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <label className="grid gap-1 text-sm font-medium sm:col-span-2 lg:col-span-3">
          Buscar
          <input name="q" type="search" defaultValue={filters.q} placeholder="Ej.: pilates Ñuñoa" className={field} />
        </label>
        <label className="grid gap-1 text-sm font-medium">
          Ciudad
          <input name="city" defaultValue={filters.city} className={field} />
        </label>
        <label className="grid gap-1 text-sm font-medium">
          Especialidad
          <select name="specialisation" defaultValue={filters.specialisation ?? ''} className={field}>
            <option value="">Todas</option>
            {SPECIALISATION_KEYS.map((key) => (
              <option key={key} value={key}>
                {specialisationLabel(key)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-medium">
          Modalidad
          <select name="modality" defaultValue={filters.modality ?? ''} className={field}>
            <option value="">Todas</option>
            {MODALITIES.map((key) => (
              <option key={key} value={key}>
                {modalityLabel(key)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-medium">
          Precio máximo al mes (CLP)
          <input name="priceMax" type="number" min={0} step={1000} inputMode="numeric" defaultValue={filters.priceMax} className={field} />
        </label>
        <label className="grid gap-1 text-sm font-medium">
          Ordenar por
          <select name="sort" defaultValue={filters.sort ?? ''} className={field}>
            <option value="">Más relevantes</option>
            <option value="rating">Mejor evaluados</option>
            <option value="price">Menor precio</option>
            <option value="newest">Más nuevos</option>
          </select>
        </label>
        <button
          type="submit"
          className="h-10 self-end rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90"
        >
          Buscar
        </button>
      </form>
      <section aria-label="Resultados" className="mt-8">
        {results.isPending ? (
          <p role="status">Cargando entrenadores…</p>
        ) : results.isError ? (
          <p role="alert" className="text-destructive-strong">
            No pudimos cargar los entrenadores. Intenta nuevamente.
          </p>
        ) : results.data.data.length === 0 ? (
          <p>No encontramos entrenadores con esos filtros. Prueba con menos palabras o sin filtros.</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {results.data.data.map((trainer) => (
              <TrainerCard key={trainer.trainerId} trainer={trainer} />
            ))}
          </ul>
        )}
        {next ? (
          <p className="mt-6">
            <a href={`/entrenadores?${nextParams.toString()}`} className="font-medium text-primary underline underline-offset-4">
              Siguiente página
            </a>
          </p>
        ) : null}
      </section>
    </PublicFrame>
  )
}
