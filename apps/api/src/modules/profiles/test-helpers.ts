import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { call } from '../../testing/app.ts'
import { createOffer, eligibleTrainer, type TestTrainer } from '../client-billing/test-helpers.ts'

export const PROFILE = {
  headline: 'Pilates y movilidad',
  bio: 'Instructora certificada con ocho años de experiencia.',
  specialisations: ['pilates', 'movilidad'],
  tags: ['postura'],
  city: 'Santiago',
  comuna: 'Ñuñoa',
  modalities: ['in_person', 'online'],
  languages: ['es', 'en'],
  cancellationHours: 24,
}

/** An eligible trainer with one offer and a published profile. */
export async function publishedTrainer(
  app: FastifyInstance,
  profile: Record<string, unknown> = {},
  priceClp = 25_000,
): Promise<TestTrainer & { offerId: string; slug: string }> {
  const trainer = await eligibleTrainer(app)
  const offer = await createOffer(app, trainer.token, { priceClp })
  const saved = await call(app, 'PUT', '/api/v1/trainer/profile', { token: trainer.token, body: { ...PROFILE, ...profile } })
  expect(saved.statusCode, saved.body).toBe(200)
  const published = await call(app, 'POST', '/api/v1/trainer/profile/publish', { token: trainer.token, body: { published: true } })
  expect(published.statusCode, published.body).toBe(200)
  return { ...trainer, offerId: offer.id, slug: published.json().slug }
}
