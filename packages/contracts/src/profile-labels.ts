// Issue 21: the fixed lists of a trainer profile, with Spanish and English labels. No zod: the
// public trainer pages import this module (`@app/contracts/profile-labels`) without the schemas.

/** The fixed list of specialisations (free tags go beside it); Spanish and English labels. */
export const SPECIALISATIONS = {
  fuerza: { es: 'Fuerza', en: 'Strength' },
  hipertrofia: { es: 'Hipertrofia', en: 'Hypertrophy' },
  'perdida-de-peso': { es: 'Pérdida de peso', en: 'Weight loss' },
  funcional: { es: 'Entrenamiento funcional', en: 'Functional training' },
  crossfit: { es: 'CrossFit', en: 'CrossFit' },
  pilates: { es: 'Pilates', en: 'Pilates' },
  yoga: { es: 'Yoga', en: 'Yoga' },
  running: { es: 'Running', en: 'Running' },
  ciclismo: { es: 'Ciclismo', en: 'Cycling' },
  natacion: { es: 'Natación', en: 'Swimming' },
  boxeo: { es: 'Boxeo', en: 'Boxing' },
  hiit: { es: 'HIIT', en: 'HIIT' },
  calistenia: { es: 'Calistenia', en: 'Calisthenics' },
  movilidad: { es: 'Movilidad', en: 'Mobility' },
  rehabilitacion: { es: 'Rehabilitación', en: 'Rehabilitation' },
  'adulto-mayor': { es: 'Adulto mayor', en: 'Older adults' },
  embarazo: { es: 'Embarazo y posparto', en: 'Pregnancy and postpartum' },
  nutricion: { es: 'Nutrición deportiva', en: 'Sports nutrition' },
} as const
export type Specialisation = keyof typeof SPECIALISATIONS
export const SPECIALISATION_KEYS = Object.keys(SPECIALISATIONS) as [Specialisation, ...Specialisation[]]

export const MODALITIES = ['in_person', 'online', 'gym'] as const
export type Modality = (typeof MODALITIES)[number]
export const MODALITY_LABELS: Record<Modality, { es: string; en: string }> = {
  in_person: { es: 'Presencial', en: 'In person' },
  online: { es: 'Online', en: 'Online' },
  gym: { es: 'En gimnasio', en: 'At the gym' },
}

export const PROFILE_LANGUAGES = ['es', 'en', 'pt', 'fr', 'de', 'it'] as const
export const PROFILE_LANGUAGE_LABELS: Record<(typeof PROFILE_LANGUAGES)[number], { es: string; en: string }> = {
  es: { es: 'Español', en: 'Spanish' },
  en: { es: 'Inglés', en: 'English' },
  pt: { es: 'Portugués', en: 'Portuguese' },
  fr: { es: 'Francés', en: 'French' },
  de: { es: 'Alemán', en: 'German' },
  it: { es: 'Italiano', en: 'Italian' },
}

/** Photo upload: these types, at most this size; stored as a square WebP of PHOTO_SIZE_PX. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024
export const PHOTO_SIZE_PX = 480
