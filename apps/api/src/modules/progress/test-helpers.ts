import { HEALTH_CONSENT_VERSION } from '@app/contracts'
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { coachingLinks, gyms } from '../../db/schema.ts'
import { call, createUserAndLogin } from '../../testing/app.ts'
import { trainerWithRow, type Coach } from '../exercises/test-helpers.ts'

export interface Client {
  userId: string
  token: string
}

/** A member linked to the trainer by an active coaching link (pays outside the platform). */
export async function clientOf(app: FastifyInstance, trainer: Coach, firstName = 'Carla'): Promise<Client> {
  const login = await createUserAndLogin(app, { role: 'member', firstName, lastName: 'Soto' })
  await app.db.insert(coachingLinks).values({ trainerId: trainer.trainerId, clientUserId: login.user.id })
  return { userId: login.user.id, token: login.token }
}

/** A gym owner with a gym and one trainer of it. */
export async function gymOwnerWithTrainer(app: FastifyInstance) {
  const owner = await createUserAndLogin(app, { role: 'gym_owner', firstName: 'Olga', lastName: 'Dueña' })
  const [gym] = await app.db
    .insert(gyms)
    .values({
      ownerId: owner.user.id,
      name: `Gym ${randomUUID().slice(0, 6)}`,
      address: 'Av. 1',
      city: 'Santiago',
      state: 'RM',
      zipCode: '8320000',
      phone: '+56911111111',
      email: owner.user.email,
    })
    .returning()
  const trainer = await trainerWithRow(app, gym.id)
  return { owner: { userId: owner.user.id, token: owner.token }, gymId: gym.id, trainer }
}

export async function consent(app: FastifyInstance, token: string) {
  const res = await call(app, 'POST', '/api/v1/client/health-consent', {
    token,
    body: { version: HEALTH_CONSENT_VERSION, language: 'es', screen: 'client-progress' },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

/** A JPEG from a phone: EXIF with the owner's name and GPS position, taken sideways (orientation 6). */
export async function phoneJpeg(width = 2400, height = 1800) {
  const { default: sharp } = await import('sharp')
  return sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Carla Soto' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 26/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

export function upload(app: FastifyInstance, token: string, body: Buffer, query = 'pose=front', contentType = 'image/jpeg') {
  return app.inject({
    method: 'POST',
    url: `/api/v1/client/progress-photos?${query}`,
    payload: body,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  })
}
