import {
  MODALITY_LABELS,
  PROFILE_LANGUAGE_LABELS,
  SPECIALISATIONS,
  type Modality,
  type Specialisation,
} from '@app/contracts/profile-labels'

// The public pages are Spanish (decision 047): labels come from the contract's fixed lists.

export const specialisationLabel = (key: string) => SPECIALISATIONS[key as Specialisation]?.es ?? key
export const modalityLabel = (key: string) => MODALITY_LABELS[key as Modality]?.es ?? key
export const languageLabel = (key: string) => PROFILE_LANGUAGE_LABELS[key as keyof typeof PROFILE_LANGUAGE_LABELS]?.es ?? key

export const ratingText = (rating: { average: number | null; count: number }) =>
  rating.average === null
    ? 'Sin reseñas aún'
    : `${rating.average.toLocaleString('es-CL', { maximumFractionDigits: 1 })} de 5 (${rating.count} ${rating.count === 1 ? 'reseña' : 'reseñas'})`

/** Where "Reservar" leads on the web: the client's sign-in, then the booking page (issue 25's sign-in). */
export const bookingPath = (slug: string) => `/cliente/reservar/${slug}`
export const reserveHref = (slug: string) => `/cliente/ingresar?next=${encodeURIComponent(bookingPath(slug))}`
