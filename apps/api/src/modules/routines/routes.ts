import {
  ApiErrorSchema,
  AssignableClientListSchema,
  AssignmentInputSchema,
  AssignmentListSchema,
  ClientAssignmentListSchema,
  ClientParamsSchema,
  ClientWorkoutListSchema,
  DuplicateProgramSchema,
  IdParamsSchema,
  ProgramInputSchema,
  ProgramListQuerySchema,
  ProgramListSchema,
  ProgramSchema,
  ProgramVersionParamsSchema,
  RecordListSchema,
  SessionDoneInputSchema,
  SessionReplyInputSchema,
  SessionStateSchema,
  SetLogAnswerSchema,
  SetLogInputSchema,
  TodaySchema,
} from '@app/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { currentUser } from '../../plugins/auth.ts'
import { myTrainer } from './access.ts'
import { assignProgram, programAssignmentsOf } from './assignments.ts'
import { assignableClients } from './clients.ts'
import { clientAssignments } from './client-assignments.ts'
import { createProgram, duplicateProgram, getProgram, listPrograms, updateProgram } from './programs.ts'
import { clientRecords, clientWorkouts, logSet, markDone, recordList, replyToSession, today } from './workouts.ts'

const tags = ['routines']
const bearer = [{ bearer: [] }]
const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema, 429: ApiErrorSchema }
const byUser = (r: FastifyRequest) => r.user?.id

/** Issue 25 slice C: programs, assignment, the client's day, set logs and records (decision 132). */
export default async function routineRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const trainerOnly = app.requireRole('trainer')
  const clientOnly = app.requireRole('member')
  const programWrites = app.limit('program-write', { max: 120, windowMs: 60 * 60_000, key: byUser })
  const assignWrites = app.limit('program-assign', { max: 60, windowMs: 60 * 60_000, key: byUser })
  // An offline queue may send a whole session's sets at once.
  const setWrites = app.limit('set-log', { max: 600, windowMs: 10 * 60_000, key: byUser })
  const trainerOf = async (request: FastifyRequest) => myTrainer(app.db, currentUser(request))

  // ---- Programs (trainer) ----
  app.post(
    '/trainer/programs',
    {
      schema: {
        tags,
        operationId: 'createProgram',
        summary: 'Create a program (trainers)',
        description:
          'Trainers only. Weeks → training days (1–7 of the program week) → exercises from the library or the trainer’s own, each with sets, reps (a range) or seconds, a load (kg, % of 1RM, RPE or RIR), rest, tempo, notes and an optional superset/circuit label. Saved as version 1. 422 `content…exerciseId: notFound` for an exercise the trainer may not use.',
        security: bearer,
        body: ProgramInputSchema,
        response: { 201: ProgramSchema, ...errors },
      },
      preHandler: [trainerOnly, programWrites],
    },
    async (request, reply) => reply.code(201).send(await createProgram(app, await trainerOf(request), request.body)),
  )

  app.get(
    '/trainer/programs',
    {
      schema: {
        tags,
        operationId: 'listPrograms',
        summary: 'My programs and templates (trainers)',
        description: 'Trainers only. The caller’s programs, last changed first; `template=true` only templates, `false` only programs.',
        security: bearer,
        querystring: ProgramListQuerySchema,
        response: { 200: ProgramListSchema, ...errors },
      },
      preHandler: trainerOnly,
    },
    async (request) => listPrograms(app.db, await trainerOf(request), request.query.template),
  )

  app.get(
    '/trainer/programs/:id',
    {
      schema: {
        tags,
        operationId: 'getProgram',
        summary: 'One of my programs, current version (trainers)',
        description: 'Trainers only. The program with its current version’s content and the exercises it uses; 404 for another trainer’s.',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: ProgramSchema, ...errors },
      },
      preHandler: trainerOnly,
    },
    async (request) => getProgram(app.db, await trainerOf(request), request.params.id),
  )

  app.get(
    '/trainer/programs/:id/versions/:version',
    {
      schema: {
        tags,
        operationId: 'getProgramVersion',
        summary: 'One saved version of my program (trainers)',
        description: 'Trainers only. A version exactly as it was saved (versions never change); 404 for an unknown version.',
        security: bearer,
        params: ProgramVersionParamsSchema,
        response: { 200: ProgramSchema, ...errors },
      },
      preHandler: trainerOnly,
    },
    async (request) => getProgram(app.db, await trainerOf(request), request.params.id, request.params.version),
  )

  app.put(
    '/trainer/programs/:id',
    {
      schema: {
        tags,
        operationId: 'updateProgram',
        summary: 'Edit a program: new content is a new version (trainers)',
        description:
          'Trainers only. Replaces title, description and the template mark; content that differs from the current version is saved as a new version, the old ones stay as they were (clients assigned to them keep following them, and their logs keep pointing at them). Same content: no new version.',
        security: bearer,
        params: IdParamsSchema,
        body: ProgramInputSchema,
        response: { 200: ProgramSchema, ...errors },
      },
      preHandler: [trainerOnly, programWrites],
    },
    async (request) => updateProgram(app, await trainerOf(request), request.params.id, request.body),
  )

  app.post(
    '/trainer/programs/:id/duplicate',
    {
      schema: {
        tags,
        operationId: 'createProgramCopy',
        summary: 'Duplicate a program, or save it as a template (trainers)',
        description:
          'Trainers only. A new program (version 1) with the current version’s content; optional new title and template mark (`isTemplate: true` saves the copy as a template).',
        security: bearer,
        params: IdParamsSchema,
        body: DuplicateProgramSchema,
        response: { 201: ProgramSchema, ...errors },
      },
      preHandler: [trainerOnly, programWrites],
    },
    async (request, reply) => reply.code(201).send(await duplicateProgram(app, await trainerOf(request), request.params.id, request.body)),
  )

  app.post(
    '/trainer/programs/:id/assignments',
    {
      schema: {
        tags,
        operationId: 'createProgramAssignments',
        summary: 'Assign a program version to clients from a start day (trainers)',
        description:
          'Trainers only. Assigns a version (the current one unless `version` is given) to one or many clients from a start day (America/Santiago calendar day, from 7 days back to a year ahead). Only the trainer’s clients now (an active or past-due subscription with them, or an active coaching link): one other person answers 404 `clientUserIds: notFound` and nothing is assigned.',
        security: bearer,
        params: IdParamsSchema,
        body: AssignmentInputSchema,
        response: { 201: AssignmentListSchema, ...errors },
      },
      preHandler: [trainerOnly, assignWrites],
    },
    async (request, reply) => reply.code(201).send(await assignProgram(app, await trainerOf(request), request.params.id, request.body)),
  )

  app.get(
    '/trainer/programs/:id/assignments',
    {
      schema: {
        tags,
        operationId: 'listProgramAssignments',
        summary: 'Who follows one of my programs (trainers)',
        description: 'Trainers only. The assignments of every version of the program, newest first.',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: AssignmentListSchema, ...errors },
      },
      preHandler: trainerOnly,
    },
    async (request) => programAssignmentsOf(app.db, await trainerOf(request), request.params.id),
  )

  app.get(
    '/trainer/assignable-clients',
    {
      schema: {
        tags,
        operationId: 'listAssignableClients',
        summary: 'The clients I may assign a program to (trainers)',
        description:
          'Trainers only. The caller’s clients now (an active or past-due subscription with them, or an active coaching link), each once with user id, name and e-mail, by name: the people `POST /trainer/programs/{id}/assignments` accepts.',
        security: bearer,
        response: { 200: AssignableClientListSchema, ...errors },
      },
      preHandler: trainerOnly,
    },
    async (request) => assignableClients(app.db, await trainerOf(request)),
  )

  // ---- A trainer's view of a client ----
  app.get(
    '/trainer/clients/:clientUserId/workouts',
    {
      schema: {
        tags,
        operationId: 'listClientWorkouts',
        summary: 'A client’s logged sessions on my programs (trainers)',
        description:
          'Trainers only. The client’s sessions on the trainer’s programs, newest first (up to 60), with sets, done time, comment and reply. 404 unless the person is the trainer’s client now.',
        security: bearer,
        params: ClientParamsSchema,
        response: { 200: ClientWorkoutListSchema, ...errors },
      },
      preHandler: trainerOnly,
    },
    async (request) => clientWorkouts(app.db, await trainerOf(request), request.params.clientUserId),
  )

  app.get(
    '/trainer/clients/:clientUserId/assignments',
    {
      schema: {
        tags,
        operationId: 'listClientAssignments',
        summary: 'The programs a client follows from me (trainers)',
        description:
          'Trainers only. Every assignment of the trainer’s programs to the client, latest start first, with the program’s title, its weeks and the training days of its first week. 404 `clientUserId: notFound` unless the person is the trainer’s client now.',
        security: bearer,
        params: ClientParamsSchema,
        response: { 200: ClientAssignmentListSchema, ...errors },
      },
      preHandler: trainerOnly,
    },
    async (request) => clientAssignments(app.db, await trainerOf(request), request.params.clientUserId),
  )

  app.get(
    '/trainer/clients/:clientUserId/records',
    {
      schema: {
        tags,
        operationId: 'listClientRecords',
        summary: 'A client’s personal records (trainers)',
        description:
          'Trainers only. Heaviest load per rep count and estimated 1RM (Epley, sets of 1–12 reps) of every exercise the client logged. 404 unless the person is the trainer’s client now.',
        security: bearer,
        params: ClientParamsSchema,
        response: { 200: RecordListSchema, ...errors },
      },
      preHandler: trainerOnly,
    },
    async (request) => clientRecords(app.db, await trainerOf(request), request.params.clientUserId),
  )

  app.put(
    '/trainer/workouts/:id/reply',
    {
      schema: {
        tags,
        operationId: 'replyToWorkout',
        summary: 'Answer a client’s session comment (trainers)',
        description:
          'Trainers only. Writes (or replaces) the trainer’s reply on a session of one of their assignments, for a client of theirs now; 404 otherwise.',
        security: bearer,
        params: IdParamsSchema,
        body: SessionReplyInputSchema,
        response: { 200: SessionStateSchema, ...errors },
      },
      preHandler: [trainerOnly, programWrites],
    },
    async (request) => replyToSession(app, await trainerOf(request), request.params.id, request.body.reply),
  )

  // ---- The client's day ----
  app.get(
    '/client/today',
    {
      schema: {
        tags,
        operationId: 'getToday',
        summary: 'Today’s training (clients)',
        description:
          'Clients only. The training days of the caller’s current assignments that fall today in America/Santiago (none on a rest day), each exercise with the sets logged today and the figures of the last time the client logged it.',
        security: bearer,
        response: { 200: TodaySchema, ...errors },
      },
      preHandler: clientOnly,
    },
    async (request) => today(app.db, currentUser(request)),
  )

  app.post(
    '/client/set-logs',
    {
      schema: {
        tags,
        operationId: 'createSetLog',
        summary: 'Log a set, once per idempotency key (clients)',
        description:
          'Clients only. Logs one set of an exercise of one of the caller’s training days that has come (today or earlier). The phone makes `idempotencyKey` once per set: sending it again (an offline queue syncing, two parallel sends) answers the stored set with `replayed: true` and status 200 and writes nothing. The answer carries the exercise’s records after the set.',
        security: bearer,
        body: SetLogInputSchema,
        response: { 200: SetLogAnswerSchema, 201: SetLogAnswerSchema, ...errors },
      },
      preHandler: [clientOnly, setWrites],
    },
    async (request, reply) => {
      const answer = await logSet(app, currentUser(request), request.body)
      return reply.code(answer.replayed ? 200 : 201).send(answer)
    },
  )

  app.post(
    '/client/workouts/done',
    {
      schema: {
        tags,
        operationId: 'markWorkoutDone',
        summary: 'Mark a training day done, with a comment (clients)',
        description:
          'Clients only. Marks one of the caller’s training days done (the first time stays; doing it again only changes the comment) with an optional comment for the trainer.',
        security: bearer,
        body: SessionDoneInputSchema,
        response: { 200: SessionStateSchema, ...errors },
      },
      preHandler: [clientOnly, setWrites],
    },
    async (request) => markDone(app, currentUser(request), request.body),
  )

  app.get(
    '/client/records',
    {
      schema: {
        tags,
        operationId: 'listMyRecords',
        summary: 'My personal records (clients)',
        description:
          'Clients only. Heaviest load per rep count and estimated 1RM (Epley, sets of 1–12 reps) of every exercise the caller logged.',
        security: bearer,
        response: { 200: RecordListSchema, ...errors },
      },
      preHandler: clientOnly,
    },
    async (request) => recordList(app.db, currentUser(request).id),
  )
}
