import {
  AdherenceQuerySchema,
  AdherenceSchema,
  ApiErrorSchema,
  BUSINESS_ROLES,
  ClientParamsSchema,
  ClientProgressListSchema,
  ClientProgressQuerySchema,
  ClientProgressSchema,
  GymAdherenceSchema,
  HealthConsentInputSchema,
  HealthConsentStatusSchema,
  HealthConsentWithdrawSchema,
  MeasurementDayParamsSchema,
  MeasurementInputSchema,
  MeasurementListSchema,
  MeasurementSchema,
  OkSchema,
  PhotoIdParamsSchema,
  PhotoImageQuerySchema,
  PhotoUploadQuerySchema,
  PROGRESS_LIMITS,
  PROGRESS_PHOTO_TYPES,
  ProgressPhotoListSchema,
  ProgressPhotoSchema,
  ProgressRangeQuerySchema,
} from '@app/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { currentUser } from '../../plugins/auth.ts'
import { myTrainer } from '../routines/access.ts'
import { consentStatus, giveConsent, withdrawConsent } from './consent.ts'
import { deleteMeasurement, listMeasurements, putMeasurement } from './measurements.ts'
import { checkLink, deletePhoto, listPhotos, photoBytes, uploadPhoto } from './photos.ts'
import { clientProgressForTrainer, gymClientAdherence, myAdherence, trainerClientProgress } from './views.ts'

const tags = ['progress']
const bearer = [{ bearer: [] }]
const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema, 429: ApiErrorSchema }
const byUser = (r: FastifyRequest) => r.user?.id
// The raw image (the content-type parser gives a Buffer); documented as binary for every image type.
const PhotoBodySchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), { error: 'required' })
  .meta({ type: 'string', format: 'binary', description: 'The image itself: JPEG, PNG or WebP, at most 10 MB' })
const CONSENT_403 = 'Without the client’s consent to the current purpose text: 403 `healthConsent: consentRequired`.'

/** Issue 25 (progress): consent, measurements, photos, adherence, the trainer's and gym owner's views (decision 209). */
export default async function progressRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const clientOnly = app.requireRole('member')
  const trainerOnly = app.requireRole('trainer')
  const owner = app.requireRole(...BUSINESS_ROLES)
  const writes = app.limit('progress-write', { max: 300, windowMs: 60 * 60_000, key: byUser })
  const photoWrites = app.limit('progress-photo', { max: 60, windowMs: 60 * 60_000, key: byUser })
  const photoReads = app.limit('progress-photo-read', { max: 600, windowMs: 60_000 })
  // Photos arrive as the raw image; sharp reads the real type from the bytes (photos.ts).
  app.addContentTypeParser(
    [...PROGRESS_PHOTO_TYPES],
    { parseAs: 'buffer', bodyLimit: PROGRESS_LIMITS.photoMaxBytes },
    (_request, body, done) => done(null, body),
  )
  const me = (request: FastifyRequest) => currentUser(request).id

  // ---- Consent (clients) ----
  app.get(
    '/client/health-consent',
    {
      schema: {
        tags,
        operationId: 'getHealthConsent',
        summary: 'My consent to store health data, with the purpose text (clients)',
        description:
          'Clients only. Whether the caller consents (`given`) and to the current text (`current`: new entries need it), the current purpose text in Spanish and English, and every consent and withdrawal with version, language, screen and time.',
        security: bearer,
        response: { 200: HealthConsentStatusSchema, ...errors },
      },
      preHandler: clientOnly,
    },
    async (request) => consentStatus(app.db, me(request)),
  )

  app.post(
    '/client/health-consent',
    {
      schema: {
        tags,
        operationId: 'createHealthConsent',
        summary: 'Consent to store health data (clients)',
        description:
          'Clients only. Records the caller’s explicit consent to the purpose text of `version` (which must be the current one: 422 `version: invalid` otherwise), shown in `language` on `screen`, with the time and address. Needed before the first measurement or photo.',
        security: bearer,
        body: HealthConsentInputSchema,
        response: { 201: HealthConsentStatusSchema, ...errors },
      },
      preHandler: [clientOnly, writes],
    },
    async (request, reply) => reply.code(201).send(await giveConsent(app.db, me(request), request.body, request.ip)),
  )

  app.post(
    '/client/health-consent/withdraw',
    {
      schema: {
        tags,
        operationId: 'revokeHealthConsent',
        summary: 'Withdraw my consent to store health data (clients)',
        description:
          'Clients only. From now on no measurement or photo is accepted and the trainer sees none. The entries stay, for the caller alone (to read, export or delete), unless `eraseEntries: true`, which deletes every measurement and photo at once. 422 `healthConsent: invalid` when no consent is in force.',
        security: bearer,
        body: HealthConsentWithdrawSchema,
        response: { 200: HealthConsentStatusSchema, ...errors },
      },
      preHandler: [clientOnly, writes],
    },
    async (request) => withdrawConsent(app.db, me(request), request.body, request.ip),
  )

  // ---- Measurements (clients) ----
  app.get(
    '/client/measurements',
    {
      schema: {
        tags,
        operationId: 'listMyMeasurements',
        summary: 'My body measurements over a range of days (clients)',
        description:
          'Clients only. The entries from `from` to `to` (Santiago days; default the two years up to today; at most 1096 days), oldest first: one entry per day, ready for a chart. Listed also after consent was withdrawn.',
        security: bearer,
        querystring: ProgressRangeQuerySchema,
        response: { 200: MeasurementListSchema, ...errors },
      },
      preHandler: clientOnly,
    },
    async (request) => listMeasurements(app.db, me(request), request.query),
  )

  app.put(
    '/client/measurements/:date',
    {
      schema: {
        tags,
        operationId: 'saveMyMeasurement',
        summary: 'Write my measurements of a day (clients)',
        description: `Clients only. Sets the entry of a Santiago day (not in the future): weight 20–400 kg (0.01), waist, hip and chest 30–300 cm, arm 10–100 cm, thigh 20–150 cm (0.1), body fat 2–75 % (0.01); at least one. Replaces the day's values (a value left out is not measured): 201 for a new day, 200 for a replaced one; sending it again changes nothing. ${CONSENT_403}`,
        security: bearer,
        params: MeasurementDayParamsSchema,
        body: MeasurementInputSchema,
        response: { 200: MeasurementSchema, 201: MeasurementSchema, ...errors },
      },
      preHandler: [clientOnly, writes],
    },
    async (request, reply) => {
      const { measurement, created } = await putMeasurement(app.db, me(request), request.params.date, request.body)
      return reply.code(created ? 201 : 200).send(measurement)
    },
  )

  app.delete(
    '/client/measurements/:date',
    {
      schema: {
        tags,
        operationId: 'deleteMyMeasurement',
        summary: 'Delete my measurements of a day (clients)',
        description:
          'Clients only. Deletes the entry of that day for good (also after consent was withdrawn); 404 `date: notFound` when there is none.',
        security: bearer,
        params: MeasurementDayParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
      preHandler: [clientOnly, writes],
    },
    async (request) => deleteMeasurement(app.db, me(request), request.params.date),
  )

  // ---- Photos (clients; the image through signed links) ----
  app.get(
    '/client/progress-photos',
    {
      schema: {
        tags,
        operationId: 'listMyProgressPhotos',
        summary: 'My progress photos over a range of days, with 5-minute links (clients)',
        description:
          'Clients only. Photos taken from `from` to `to` (Santiago days; default the two years up to today), newest first, each with signed links to the image and its thumbnail that work without a token for five minutes.',
        security: bearer,
        querystring: ProgressRangeQuerySchema,
        response: { 200: ProgressPhotoListSchema, ...errors },
      },
      preHandler: clientOnly,
    },
    async (request) => listPhotos(app, app.db, me(request), request.query),
  )

  app.post(
    '/client/progress-photos',
    {
      schema: {
        tags,
        operationId: 'uploadMyProgressPhoto',
        summary: 'Upload a progress photo: the raw JPEG, PNG or WebP (≤ 10 MB) as the body (clients)',
        description: `Clients only. The body is the image itself (Content-Type image/jpeg, image/png or image/webp, at most 10 MB), \`pose\` front, side or back and \`takenOn\` a Santiago day (default today). The real type is read from the bytes; the image is turned upright, resized (1600 px and a 320 px thumbnail on the long side) and re-encoded as WebP without any metadata (EXIF, GPS). Stored privately: served only through signed links to the client and their trainer. 413 over the size, 415 \`progressPhoto: unsupportedImage\` when the bytes are not such an image. ${CONSENT_403}`,
        security: bearer,
        consumes: [...PROGRESS_PHOTO_TYPES],
        querystring: PhotoUploadQuerySchema,
        body: PhotoBodySchema,
        response: { 201: ProgressPhotoSchema, 413: ApiErrorSchema, 415: ApiErrorSchema, ...errors },
      },
      preHandler: [clientOnly, photoWrites],
    },
    async (request, reply) =>
      reply.code(201).send(await uploadPhoto(app, me(request), request.query.pose, request.query.takenOn, request.body)),
  )

  app.delete(
    '/client/progress-photos/:id',
    {
      schema: {
        tags,
        operationId: 'deleteMyProgressPhoto',
        summary: 'Delete one of my progress photos (clients)',
        description:
          'Clients only. Deletes the photo and its thumbnail for good; links already given stop working. 404 for a photo that is not the caller’s.',
        security: bearer,
        params: PhotoIdParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
      preHandler: [clientOnly, writes],
    },
    async (request) => deletePhoto(app.db, me(request), request.params.id),
  )

  app.get(
    '/progress-photos/:id/image',
    {
      schema: {
        tags,
        operationId: 'getProgressPhotoImage',
        summary: 'A progress photo through a signed link (no token)',
        description:
          'The link comes from a photo list of the client or of their trainer and works for five minutes: `sig` is an HMAC of the photo, the size and `expires` with a server key. 403 `sig: invalidOrExpired` for a link that is not valid or has expired; 404 once the photo is deleted. Answers the WebP, cacheable privately until the link expires.',
        security: [],
        params: PhotoIdParamsSchema,
        querystring: PhotoImageQuerySchema,
        response: {
          200: {
            description: 'The photo (WebP, no metadata)',
            content: { 'image/webp': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
          },
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          422: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
      preHandler: photoReads,
    },
    async (request, reply) => {
      const { size, expires, sig } = request.query
      const secondsLeft = checkLink(app, request.params.id, size, expires, sig)
      const bytes = await photoBytes(app, request.params.id, size)
      return reply
        .type('image/webp')
        .header('cache-control', `private, max-age=${secondsLeft}`)
        .header('referrer-policy', 'no-referrer')
        .send(bytes)
    },
  )

  // ---- Adherence (clients) ----
  app.get(
    '/client/adherence',
    {
      schema: {
        tags,
        operationId: 'getMyAdherence',
        summary: 'My sessions done / assigned per week (clients)',
        description:
          'Clients only. For the last `weeks` weeks (Monday to Sunday in America/Santiago, the current one last): training days assigned by every program the caller follows, how many of them have come, and how many are done.',
        security: bearer,
        querystring: AdherenceQuerySchema,
        response: { 200: AdherenceSchema, ...errors },
      },
      preHandler: clientOnly,
    },
    async (request) => myAdherence(app.db, me(request), request.query.weeks),
  )

  // ---- Trainers ----
  app.get(
    '/trainer/client-progress',
    {
      schema: {
        tags,
        operationId: 'listClientProgress',
        summary: 'My clients at a glance: last workout, this week’s adherence, inactive flag (trainers)',
        description:
          'Trainers only. The caller’s clients now (an active or past-due subscription with them, or an active coaching link), by name, each with the last workout on the trainer’s programs, this week’s adherence on them, `inactive` when there was no workout in the last 7 days (Santiago days, today included) or never, and whether the client lets the trainer see measurements and photos.',
        security: bearer,
        response: { 200: ClientProgressListSchema, ...errors },
      },
      preHandler: trainerOnly,
    },
    async (request) => trainerClientProgress(app.db, await myTrainer(app.db, currentUser(request))),
  )

  app.get(
    '/trainer/clients/:clientUserId/progress',
    {
      schema: {
        tags,
        operationId: 'getClientProgress',
        summary: 'A client’s progress: measurements, photos, records, adherence (trainers)',
        description:
          'Trainers only. 404 `clientUserId: notFound` unless the person is the trainer’s client now. Measurements (oldest first) and photos (newest first, five-minute links) of `from`–`to` only while the client consents (`healthConsent`), personal records, and the last `weeks` weeks of adherence on the trainer’s programs.',
        security: bearer,
        params: ClientParamsSchema,
        querystring: ClientProgressQuerySchema,
        response: { 200: ClientProgressSchema, ...errors },
      },
      preHandler: trainerOnly,
    },
    async (request) =>
      clientProgressForTrainer(app, await myTrainer(app.db, currentUser(request)), request.params.clientUserId, request.query),
  )

  // ---- Gym owners ----
  app.get(
    '/business/client-adherence',
    {
      schema: {
        tags,
        operationId: 'listGymClientAdherence',
        summary: 'Adherence of my gym’s trainers’ clients (gym owners)',
        description:
          'Gym owners only. For each trainer of the caller’s gym and each of that trainer’s clients now: the last `weeks` weeks of sessions done / assigned on that trainer’s programs. Never measurements or photos. Empty without a gym.',
        security: bearer,
        querystring: AdherenceQuerySchema,
        response: { 200: GymAdherenceSchema, ...errors },
      },
      preHandler: owner,
    },
    async (request) => gymClientAdherence(app.db, currentUser(request).id, request.query.weeks),
  )
}
