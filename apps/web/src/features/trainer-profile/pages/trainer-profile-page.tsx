import { useParams } from 'react-router'
import { NotFoundPage } from '@/components/errors/not-found-page'
import { usePageMeta } from '@/components/layout/page-title'
import { ApiError } from '@/lib/api-client'
import { useProfile, useReviews } from '../api/profile-api'
import { PublicFrame, TrainerPhoto } from '../components/public-frame'
import { formatClp } from '@app/contracts/format-clp'
import { languageLabel, modalityLabel, ratingText, reserveHref, specialisationLabel } from '../lib/labels'

const dateText = new Intl.DateTimeFormat('es-CL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Santiago' })

function Reviews({ slug }: { slug: string }) {
  const reviews = useReviews(slug)
  if (reviews.isPending) return <p role="status">Cargando reseñas…</p>
  if (reviews.isError) return <p role="alert">No pudimos cargar las reseñas.</p>
  const items = reviews.data.pages.flatMap((p) => p.data)
  if (items.length === 0) return <p className="text-muted-foreground">Aún no tiene reseñas.</p>
  return (
    <>
      <ul className="grid gap-4">
        {items.map((r) => (
          <li key={r.id} className="rounded-lg border p-4">
            <p className="font-medium">
              <span aria-label={`${r.rating} de 5 estrellas`}>{'★'.repeat(r.rating) + '☆'.repeat(5 - r.rating)}</span> · {r.author} ·{' '}
              <time dateTime={r.createdAt}>{dateText.format(new Date(r.createdAt))}</time>
            </p>
            <p className="mt-1 whitespace-pre-line">{r.body}</p>
            {r.reply ? (
              <p className="mt-2 border-l-2 pl-3 text-sm text-muted-foreground">
                <span className="font-medium text-foreground">Respuesta del entrenador:</span> {r.reply}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {reviews.hasNextPage ? (
        <button
          type="button"
          onClick={() => void reviews.fetchNextPage()}
          disabled={reviews.isFetchingNextPage}
          className="mt-4 text-sm font-medium text-primary underline"
        >
          Ver más reseñas
        </button>
      ) : null}
    </>
  )
}

/** /entrenadores/:slug — server-rendered by the API (decision 143); this is the same page in the app. */
export function TrainerProfilePage() {
  const { slug = '' } = useParams()
  const profile = useProfile(slug)
  const p = profile.data
  usePageMeta(
    p ? `${p.firstName} ${p.lastName}, entrenador personal` : 'Entrenador personal',
    p?.headline || 'Perfil de entrenador personal',
  )
  if (profile.isError && profile.error instanceof ApiError && profile.error.status === 404) return <NotFoundPage />
  if (!p)
    return (
      <PublicFrame>
        {profile.isError ? <p role="alert">No pudimos cargar este perfil. Intenta nuevamente.</p> : <p role="status">Cargando perfil…</p>}
      </PublicFrame>
    )
  const place = [p.comuna, p.city].filter(Boolean).join(', ')
  return (
    <PublicFrame>
      <div className="grid gap-8 md:grid-cols-[2fr_1fr]">
        <article className="grid content-start gap-6">
          <div className="flex items-center gap-4">
            <TrainerPhoto url={p.photoUrl} firstName={p.firstName} lastName={p.lastName} size="lg" />
            <div className="grid gap-1">
              <h1 className="text-3xl font-bold tracking-tight">
                {p.firstName} {p.lastName}
              </h1>
              {p.headline ? <p className="text-lg">{p.headline}</p> : null}
              {place ? <p className="text-muted-foreground">{place}</p> : null}
              <p className="text-sm">{ratingText(p.rating)}</p>
            </div>
          </div>
          {p.bio ? (
            <section>
              <h2 className="text-xl font-semibold">Sobre mí</h2>
              <p className="mt-2 whitespace-pre-line">{p.bio}</p>
            </section>
          ) : null}
          <section>
            <h2 className="text-xl font-semibold">Especialidades</h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {[...p.specialisations.map(specialisationLabel), ...p.tags].map((label) => (
                <li key={label} className="rounded-full bg-muted px-3 py-1 text-sm">
                  {label}
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h2 className="text-xl font-semibold">Modalidad e idiomas</h2>
            <p className="mt-2">{p.modalities.map(modalityLabel).join(' · ') || '—'}</p>
            <p>Idiomas: {p.languages.map(languageLabel).join(', ') || '—'}</p>
            {p.gym ? <p>Entrena en {p.gym.name}</p> : null}
          </section>
          <section>
            <h2 className="text-xl font-semibold">Reseñas</h2>
            <div className="mt-2">
              <Reviews slug={p.slug} />
            </div>
          </section>
        </article>
        <aside className="grid content-start gap-4 rounded-xl border bg-card p-4">
          <h2 className="text-xl font-semibold">Planes</h2>
          {p.offers.length === 0 ? (
            <p className="text-muted-foreground">Este entrenador aún no publica planes.</p>
          ) : (
            <ul className="grid gap-3">
              {p.offers.map((o) => (
                <li key={o.id}>
                  <p className="font-medium">{o.title}</p>
                  <p>{formatClp(o.priceClp)} al mes</p>
                  {o.description ? <p className="text-sm text-muted-foreground">{o.description}</p> : null}
                </li>
              ))}
            </ul>
          )}
          <a
            href={reserveHref(p.slug)}
            className="inline-flex h-11 items-center justify-center rounded-md bg-primary px-4 font-medium text-primary-foreground hover:bg-primary/90"
          >
            Reservar
          </a>
          <p className="text-sm text-muted-foreground">Puedes cancelar hasta {p.cancellationHours} horas antes de la sesión.</p>
        </aside>
      </div>
    </PublicFrame>
  )
}
