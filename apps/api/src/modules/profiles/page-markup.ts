import { formatClp } from '@app/contracts/format-clp'
import {
  MODALITY_LABELS,
  PROFILE_LANGUAGE_LABELS,
  SPECIALISATIONS,
  type PublicProfile,
  type Review,
  type TrainerCard,
} from '@app/contracts'

// The server-rendered markup of /entrenadores and /entrenadores/:slug (decision 143). It mirrors
// apps/web/src/features/trainer-profile (PublicFrame, TrainerCard, the two pages) class for class,
// so the page looks the same before and after the app takes over. Keep the two in step.

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
const h = escapeHtml

const dateText = new Intl.DateTimeFormat('es-CL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Santiago' })
const spec = (key: string) => SPECIALISATIONS[key as keyof typeof SPECIALISATIONS]?.es ?? key
const modality = (key: string) => MODALITY_LABELS[key as keyof typeof MODALITY_LABELS]?.es ?? key
const language = (key: string) => PROFILE_LANGUAGE_LABELS[key as keyof typeof PROFILE_LANGUAGE_LABELS]?.es ?? key
export const ratingText = (rating: { average: number | null; count: number }) =>
  rating.average === null
    ? 'Sin reseñas aún'
    : `${rating.average.toLocaleString('es-CL', { maximumFractionDigits: 1 })} de 5 (${rating.count} ${rating.count === 1 ? 'reseña' : 'reseñas'})`
export const reserveHref = (slug: string) => `/cliente/ingresar?next=${encodeURIComponent(`/cliente/reservar/${slug}`)}`

const logo = (brandName: string) =>
  `<a class="flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight " href="/" data-discover="true"><svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" class="shrink-0"><rect width="32" height="32" rx="8" fill="currentColor" class="text-primary"></rect><path d="M9 16h3v-5h2v10h-2v-3H9zm9-5h2v3h3v-3h2v10h-2v-5h-3v5h-2z" fill="#fff"></path></svg><span>${h(brandName)}</span></a>`

export const frame = (brandName: string, body: string) =>
  `<div class="min-h-dvh bg-background"><header class="border-b"><div class="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4">${logo(brandName)}<a class="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground" href="/entrenadores" data-discover="true">Buscar entrenadores</a></div></header><main id="main" class="mx-auto max-w-5xl px-4 py-8">${body}</main></div>`

function photo(url: string | null, first: string, last: string, size: 'sm' | 'lg') {
  const box = size === 'lg' ? 'size-24 text-2xl' : 'size-16 text-lg'
  const px = size === 'lg' ? 96 : 64
  if (url)
    return `<img src="${h(url)}" alt="${h(`Foto de ${first} ${last}`)}" width="${px}" height="${px}" class="${box} shrink-0 rounded-full object-cover">`
  return `<span aria-hidden="true" class="${box} flex shrink-0 items-center justify-center rounded-full bg-primary/10 font-bold text-primary">${h(first.charAt(0))}${h(last.charAt(0))}</span>`
}

export function cardMarkup(t: TrainerCard) {
  const place = [t.comuna, t.city].filter(Boolean).join(', ')
  const line = [place, t.modalities.map(modality).join(' · ')].filter(Boolean).join(' — ')
  return `<li class="rounded-xl border bg-card p-4"><a class="flex gap-4 rounded-md" href="/entrenadores/${h(t.slug)}" data-discover="true">${photo(t.photoUrl, t.firstName, t.lastName, 'sm')}<span class="grid min-w-0 gap-1"><span class="text-lg font-semibold">${h(t.firstName)} ${h(t.lastName)}</span>${t.headline ? `<span class="text-sm">${h(t.headline)}</span>` : ''}<span class="text-sm text-muted-foreground">${h(line)}</span><span class="text-sm text-muted-foreground">${h(t.specialisations.map(spec).join(', '))}</span><span class="text-sm">${h(ratingText(t.rating))}${t.minPriceClp !== null ? h(` · desde ${formatClp(t.minPriceClp)} al mes`) : ''}</span></span></a></li>`
}

function reviewMarkup(r: Review) {
  return `<li class="rounded-lg border p-4"><p class="font-medium"><span aria-label="${r.rating} de 5 estrellas">${'★'.repeat(r.rating) + '☆'.repeat(5 - r.rating)}</span> · ${h(r.author)} · <time datetime="${h(r.createdAt)}">${h(dateText.format(new Date(r.createdAt)))}</time></p><p class="mt-1 whitespace-pre-line">${h(r.body)}</p>${r.reply ? `<p class="mt-2 border-l-2 pl-3 text-sm text-muted-foreground"><span class="font-medium text-foreground">Respuesta del entrenador:</span> ${h(r.reply)}</p>` : ''}</li>`
}

export function profileMarkup(p: PublicProfile, reviews: Review[]) {
  const place = [p.comuna, p.city].filter(Boolean).join(', ')
  const chips = [...p.specialisations.map(spec), ...p.tags]
    .map((label) => `<li class="rounded-full bg-muted px-3 py-1 text-sm">${h(label)}</li>`)
    .join('')
  const offers = p.offers.length
    ? `<ul class="grid gap-3">${p.offers.map((o) => `<li><p class="font-medium">${h(o.title)}</p><p>${h(formatClp(o.priceClp))} al mes</p>${o.description ? `<p class="text-sm text-muted-foreground">${h(o.description)}</p>` : ''}</li>`).join('')}</ul>`
    : '<p class="text-muted-foreground">Este entrenador aún no publica planes.</p>'
  const reviewList = reviews.length
    ? `<ul class="grid gap-4">${reviews.map(reviewMarkup).join('')}</ul>`
    : '<p class="text-muted-foreground">Aún no tiene reseñas.</p>'
  return `<div class="grid gap-8 md:grid-cols-[2fr_1fr]"><article class="grid content-start gap-6"><div class="flex items-center gap-4">${photo(p.photoUrl, p.firstName, p.lastName, 'lg')}<div class="grid gap-1"><h1 class="text-3xl font-bold tracking-tight">${h(p.firstName)} ${h(p.lastName)}</h1>${p.headline ? `<p class="text-lg">${h(p.headline)}</p>` : ''}${place ? `<p class="text-muted-foreground">${h(place)}</p>` : ''}<p class="text-sm">${h(ratingText(p.rating))}</p></div></div>${p.bio ? `<section><h2 class="text-xl font-semibold">Sobre mí</h2><p class="mt-2 whitespace-pre-line">${h(p.bio)}</p></section>` : ''}<section><h2 class="text-xl font-semibold">Especialidades</h2><ul class="mt-2 flex flex-wrap gap-2">${chips}</ul></section><section><h2 class="text-xl font-semibold">Modalidad e idiomas</h2><p class="mt-2">${h(p.modalities.map(modality).join(' · ') || '—')}</p><p>Idiomas: ${h(p.languages.map(language).join(', ') || '—')}</p>${p.gym ? `<p>Entrena en ${h(p.gym.name)}</p>` : ''}</section><section><h2 class="text-xl font-semibold">Reseñas</h2><div class="mt-2">${reviewList}</div></section></article><aside class="grid content-start gap-4 rounded-xl border bg-card p-4"><h2 class="text-xl font-semibold">Planes</h2>${offers}<a href="${h(reserveHref(p.slug))}" class="inline-flex h-11 items-center justify-center rounded-md bg-primary px-4 font-medium text-primary-foreground hover:bg-primary/90">Reservar</a><p class="text-sm text-muted-foreground">Puedes cancelar hasta ${p.cancellationHours} horas antes de la sesión.</p></aside></div>`
}

/** schema.org Person with its offers and rating, for search engines (JSON-LD). */
export function personJsonLd(p: PublicProfile, url: string, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: `${p.firstName} ${p.lastName}`,
    url,
    jobTitle: 'Entrenador personal',
    description: p.headline || undefined,
    image: p.photoUrl ? `${origin}${p.photoUrl}` : undefined,
    knowsLanguage: p.languages,
    knowsAbout: p.specialisations.map(spec),
    address: p.city
      ? { '@type': 'PostalAddress', addressLocality: p.comuna || p.city, addressRegion: p.city, addressCountry: 'CL' }
      : undefined,
    worksFor: p.gym ? { '@type': 'Organization', name: p.gym.name } : undefined,
    makesOffer: p.offers.map((o) => ({
      '@type': 'Offer',
      name: o.title,
      description: o.description || undefined,
      price: o.priceClp,
      priceCurrency: 'CLP',
      availability: 'https://schema.org/InStock',
      url,
    })),
    aggregateRating:
      p.rating.average !== null
        ? { '@type': 'AggregateRating', ratingValue: p.rating.average, reviewCount: p.rating.count, bestRating: 5, worstRating: 1 }
        : undefined,
  }
}

const field = 'h-10 w-full rounded-md border bg-background px-3 text-sm'
const option = (value: string, label: string, selected: string | undefined) =>
  `<option value="${h(value)}"${selected === value ? ' selected=""' : ''}>${h(label)}</option>`

export interface SearchParams {
  q?: string
  city?: string
  specialisation?: string
  modality?: string
  priceMax?: number
  sort?: string
}

export function searchMarkup(f: SearchParams, results: TrainerCard[] | null, nextHref: string | null) {
  const specs = Object.entries(SPECIALISATIONS)
    .map(([key, label]) => option(key, label.es, f.specialisation))
    .join('')
  const modalities = Object.entries(MODALITY_LABELS)
    .map(([key, label]) => option(key, label.es, f.modality))
    .join('')
  const sorts = [
    ['', 'Más relevantes'],
    ['rating', 'Mejor evaluados'],
    ['price', 'Menor precio'],
    ['newest', 'Más nuevos'],
  ]
    .map(([value, label]) => option(value, label, f.sort ?? ''))
    .join('')
  const val = (v: string | number | undefined) => (v === undefined ? '' : ` value="${h(String(v))}"`)
  const form = `<form method="get" action="/entrenadores" role="search" class="mt-6 grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3"><label class="grid gap-1 text-sm font-medium sm:col-span-2 lg:col-span-3">Buscar<input name="q" type="search" placeholder="Ej.: pilates Ñuñoa" class="${field}"${val(f.q)}></label><label class="grid gap-1 text-sm font-medium">Ciudad<input name="city" class="${field}"${val(f.city)}></label><label class="grid gap-1 text-sm font-medium">Especialidad<select name="specialisation" class="${field}">${option('', 'Todas', f.specialisation ?? '')}${specs}</select></label><label class="grid gap-1 text-sm font-medium">Modalidad<select name="modality" class="${field}">${option('', 'Todas', f.modality ?? '')}${modalities}</select></label><label class="grid gap-1 text-sm font-medium">Precio máximo al mes (CLP)<input name="priceMax" type="number" min="0" step="1000" inputmode="numeric" class="${field}"${val(f.priceMax)}></label><label class="grid gap-1 text-sm font-medium">Ordenar por<select name="sort" class="${field}">${sorts}</select></label><button type="submit" class="h-10 self-end rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90">Buscar</button></form>`
  const list =
    results === null
      ? '<p role="alert" class="text-destructive-strong">No pudimos cargar los entrenadores. Intenta nuevamente.</p>'
      : results.length === 0
        ? '<p>No encontramos entrenadores con esos filtros. Prueba con menos palabras o sin filtros.</p>'
        : `<ul class="grid gap-4 md:grid-cols-2">${results.map(cardMarkup).join('')}</ul>`
  const next = nextHref
    ? `<p class="mt-6"><a href="${h(nextHref)}" class="font-medium text-primary underline underline-offset-4">Siguiente página</a></p>`
    : ''
  return `<h1 class="text-3xl font-bold tracking-tight">Encuentra tu entrenador</h1>${form}<section aria-label="Resultados" class="mt-8">${list}${next}</section>`
}
