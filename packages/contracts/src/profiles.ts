import { z } from 'zod'
import { MODALITIES, PROFILE_LANGUAGES, SPECIALISATION_KEYS } from './profile-labels.ts'

export * from './profile-labels.ts'

// Issue 21: trainers' public profiles and the public search (decisions 140, 141).
// The server decides `published` (eligibility to charge clients), the rating and the prices.

export const SEARCH_PAGE_SIZE = { default: 20, max: 50 } as const

const short = (max: number) => z.string({ error: 'invalidType' }).trim().max(max, { error: 'tooLong' })

/** A slug: lower-case words joined by hyphens (the page is /entrenadores/<slug>). */
export const ProfileSlugSchema = z
  .string({ error: 'required' })
  .trim()
  .min(3, { error: 'tooShort' })
  .max(60, { error: 'tooLong' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'invalidCharacters' })

export const ProfileInputSchema = z.strictObject({
  slug: ProfileSlugSchema.optional(),
  headline: short(120).default(''),
  bio: short(3000).default(''),
  specialisations: z
    .array(z.enum(SPECIALISATION_KEYS, { error: 'invalid' }))
    .max(8, { error: 'tooBig' })
    .default([]),
  tags: z
    .array(short(30).min(1, { error: 'required' }))
    .max(10, { error: 'tooBig' })
    .default([]),
  city: short(80).default(''),
  comuna: short(80).default(''),
  modalities: z
    .array(z.enum(MODALITIES, { error: 'invalid' }))
    .max(3, { error: 'tooBig' })
    .default([]),
  languages: z
    .array(z.enum(PROFILE_LANGUAGES, { error: 'invalid' }))
    .max(6, { error: 'tooBig' })
    .default(['es']),
  /** Hours before a session until which a client may cancel it (0–168). */
  cancellationHours: z
    .number({ error: 'invalidType' })
    .int({ error: 'invalidType' })
    .min(0, { error: 'tooSmall' })
    .max(168, { error: 'tooBig' })
    .default(24),
})
export type ProfileInput = z.infer<typeof ProfileInputSchema>

export const PublishInputSchema = z.strictObject({ published: z.boolean({ error: 'required' }) })
export type PublishInput = z.infer<typeof PublishInputSchema>

export const ProfileOfferSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  priceClp: z.number().int(),
  sessionsPerMonth: z.number().int(),
})

export const PublicProfileSchema = z
  .object({
    trainerId: z.string(),
    slug: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    headline: z.string(),
    bio: z.string(),
    specialisations: z.array(z.string()),
    tags: z.array(z.string()),
    city: z.string(),
    comuna: z.string(),
    modalities: z.array(z.enum(MODALITIES)),
    languages: z.array(z.string()),
    /** Path of the photo (versioned: cacheable for ever), or null. */
    photoUrl: z.string().nullable(),
    gym: z.object({ id: z.string(), name: z.string() }).nullable(),
    offers: z.array(ProfileOfferSchema),
    minPriceClp: z.number().int().nullable(),
    rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
    cancellationHours: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({
    example: {
      trainerId: '7b0c6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      slug: 'camila-rojas',
      firstName: 'Camila',
      lastName: 'Rojas',
      headline: 'Pilates y movilidad en Ñuñoa',
      bio: 'Instructora certificada con 8 años de experiencia.',
      specialisations: ['pilates', 'movilidad'],
      tags: ['postura'],
      city: 'Santiago',
      comuna: 'Ñuñoa',
      modalities: ['in_person', 'online'],
      languages: ['es', 'en'],
      photoUrl: '/api/v1/trainers/7b0c6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f/photo?v=2',
      gym: null,
      offers: [
        {
          id: '1f0c6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
          title: 'Plan mensual',
          description: '8 sesiones',
          priceClp: 45000,
          sessionsPerMonth: 8,
        },
      ],
      minPriceClp: 45000,
      rating: { average: 4.8, count: 12 },
      cancellationHours: 24,
      updatedAt: '2026-11-25T12:00:00.000Z',
    },
  })
export type PublicProfile = z.infer<typeof PublicProfileSchema>

/** The trainer's own view: the public fields plus whether it is published and why not. */
export const MyProfileSchema = PublicProfileSchema.extend({
  published: z.boolean(),
  listed: z.boolean(),
  /** Why the profile cannot be listed now: null when it can. */
  blockedBy: z.enum(['subscription', 'payouts']).nullable(),
}).meta({
  example: {
    ...(PublicProfileSchema.meta()?.example as object),
    published: true,
    listed: false,
    blockedBy: 'payouts',
  },
})
export type MyProfile = z.infer<typeof MyProfileSchema>

export const TrainerRefParamsSchema = z.object({
  /** A trainer id or a profile slug. */
  trainerId: z.string().trim().min(1, { error: 'notFound' }).max(80, { error: 'notFound' }),
})

export const SEARCH_SORTS = ['relevance', 'rating', 'price', 'newest'] as const
export type SearchSort = (typeof SEARCH_SORTS)[number]

export const TrainerSearchQuerySchema = z.object({
  q: z.string({ error: 'invalidType' }).trim().max(100, { error: 'tooLong' }).optional(),
  city: z.string({ error: 'invalidType' }).trim().max(80, { error: 'tooLong' }).optional(),
  specialisation: z.enum(SPECIALISATION_KEYS, { error: 'invalid' }).optional(),
  modality: z.enum(MODALITIES, { error: 'invalid' }).optional(),
  priceMax: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(0, { error: 'invalid' })
    .max(100_000_000, { error: 'invalid' })
    .optional(),
  /** Default: relevance with `q`, else rating. */
  sort: z.enum(SEARCH_SORTS, { error: 'invalid' }).optional(),
  cursor: z.string({ error: 'invalidType' }).max(300, { error: 'invalid' }).optional(),
  limit: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(SEARCH_PAGE_SIZE.max, { error: 'invalid' })
    .default(SEARCH_PAGE_SIZE.default),
})
export type TrainerSearchQuery = z.infer<typeof TrainerSearchQuerySchema>

export const TrainerCardSchema = PublicProfileSchema.pick({
  trainerId: true,
  slug: true,
  firstName: true,
  lastName: true,
  headline: true,
  specialisations: true,
  city: true,
  comuna: true,
  modalities: true,
  photoUrl: true,
  minPriceClp: true,
  rating: true,
})
export type TrainerCard = z.infer<typeof TrainerCardSchema>

export const TrainerSearchPageSchema = z.object({ data: z.array(TrainerCardSchema), nextCursor: z.string().nullable() }).meta({
  example: {
    data: [
      {
        trainerId: '7b0c6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
        slug: 'camila-rojas',
        firstName: 'Camila',
        lastName: 'Rojas',
        headline: 'Pilates y movilidad en Ñuñoa',
        specialisations: ['pilates'],
        city: 'Santiago',
        comuna: 'Ñuñoa',
        modalities: ['in_person'],
        photoUrl: null,
        minPriceClp: 45000,
        rating: { average: 4.8, count: 12 },
      },
    ],
    nextCursor: 'WzQ4MCwiN2IwYzZmMGUiXQ',
  },
})
export type TrainerSearchPage = z.infer<typeof TrainerSearchPageSchema>

/** Slugs of listed profiles for the sitemap. */
export const ProfileSitemapSchema = z.object({ data: z.array(z.object({ slug: z.string(), updatedAt: z.string() })) })
