// Issue 25: exercise library, programs (immutable versions), assignments, workout logs and
// coaching links for clients who pay outside the platform
// (migration 0012_routines; docs/routines.md, decisions 130–139).
import { sql } from 'drizzle-orm'
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { gyms, trainers, users } from './core.ts'

const id = () => uuid('id').primaryKey().defaultRandom()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

/**
 * An exercise: the shipped library (source 'library', slug from the data file), imported ones
 * ('import'), or private to a trainer (`trainerId`) or to a gym's trainers (`gymId`).
 */
export const exercises = pgTable(
  'exercises',
  {
    id: id(),
    slug: text('slug'),
    source: text('source', { enum: ['library', 'import', 'trainer'] }).notNull(),
    trainerId: uuid('trainer_id').references(() => trainers.id, { onDelete: 'cascade' }),
    gymId: uuid('gym_id').references(() => gyms.id, { onDelete: 'cascade' }),
    nameEs: text('name_es').notNull(),
    nameEn: text('name_en').notNull(),
    category: text('category').notNull(),
    level: text('level').notNull(),
    equipment: text('equipment')
      .array()
      .notNull()
      .default(sql`'{}'`),
    primaryMuscles: text('primary_muscles')
      .array()
      .notNull()
      .default(sql`'{}'`),
    secondaryMuscles: text('secondary_muscles')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** coaching cues in Spanish (a private exercise's as typed) */
    cues: jsonb('cues').$type<string[]>().notNull().default([]),
    /** the same cues in English (library, migration 0013); empty for private and imported exercises: `cues` serve both */
    cuesEn: jsonb('cues_en').$type<string[]>().notNull().default([]),
    videoUrl: text('video_url'),
    imageUrl: text('image_url'),
    attribution: text('attribution'),
    /** An imported exercise's data set ('free-exercise-db', 'wger') and its id there: one row each (migration 0022). */
    externalSource: text('external_source'),
    externalId: text('external_id'),
    /** The imported text's license (e.g. 'CC-BY-SA 4.0') and its authors, as the data set gives them. */
    license: text('license'),
    licenseAuthor: text('license_author'),
    /** lower, unaccented names and aliases (written by the service): trigram search. */
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('exercises_slug_idx').on(t.slug),
    uniqueIndex('exercises_external_idx').on(t.externalSource, t.externalId),
    index('exercises_trainer_idx').on(t.trainerId),
    index('exercises_gym_idx').on(t.gymId),
    index('exercises_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
)

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * An exercise's picture (imported, or a trainer's photo of a private exercise), resized at import
 * or upload: WebP of at most 800 px and a 320 px thumbnail, in the database so every process of
 * a cluster serves it (migration 0022, decision 218). `origin` is where it came from (a URL, a
 * file, 'upload'), `digest` the source bytes' SHA-256: a re-import of the same picture keeps the
 * row (and its URL) without downloading it again.
 */
export const exerciseImages = pgTable(
  'exercise_images',
  {
    id: id(),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    digest: text('digest').notNull(),
    image: bytea('image').notNull(),
    thumb: bytea('thumb').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('exercise_images_exercise_idx').on(t.exerciseId)],
)

/** Which version of the library data file is loaded (the seed skips an unchanged file). */
export const exerciseLibraryState = pgTable('exercise_library_state', {
  key: text('key').primaryKey(),
  digest: text('digest').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A trainer's program or template; its content lives in immutable versions. */
export const programs = pgTable(
  'programs',
  {
    id: id(),
    trainerId: uuid('trainer_id')
      .notNull()
      .references(() => trainers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    isTemplate: boolean('is_template').notNull().default(false),
    currentVersion: integer('current_version').notNull().default(1),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('programs_trainer_idx').on(t.trainerId, t.updatedAt)],
)

/** Weeks → days → exercises as saved once; never updated (logs point at the version they followed). */
export const programVersions = pgTable(
  'program_versions',
  {
    id: id(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: jsonb('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('program_versions_program_version_idx').on(t.programId, t.version)],
)

/** A client following a program version from a start date (a Santiago calendar day). */
export const programAssignments = pgTable(
  'program_assignments',
  {
    id: id(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'restrict' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => programVersions.id, { onDelete: 'restrict' }),
    trainerId: uuid('trainer_id')
      .notNull()
      .references(() => trainers.id, { onDelete: 'cascade' }),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startDate: date('start_date').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('program_assignments_client_idx').on(t.clientUserId, t.startDate),
    index('program_assignments_trainer_idx').on(t.trainerId),
  ],
)

/** One day of an assignment as the client did it: done time, comment, the trainer's reply. */
export const workoutSessions = pgTable(
  'workout_sessions',
  {
    id: id(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => programAssignments.id, { onDelete: 'cascade' }),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: smallint('week').notNull(),
    day: smallint('day').notNull(),
    scheduledOn: date('scheduled_on').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    comment: text('comment'),
    trainerReply: text('trainer_reply'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('workout_sessions_day_idx').on(t.assignmentId, t.week, t.day),
    index('workout_sessions_client_idx').on(t.clientUserId, t.scheduledOn),
  ],
)

/** A logged set; the client's idempotency key makes an offline replay a no-op. */
export const setLogs = pgTable(
  'set_logs',
  {
    id: id(),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => workoutSessions.id, { onDelete: 'cascade' }),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'restrict' }),
    itemKey: text('item_key').notNull(),
    setNumber: smallint('set_number').notNull(),
    reps: smallint('reps'),
    loadKg: numeric('load_kg', { precision: 6, scale: 2 }),
    seconds: integer('seconds'),
    done: boolean('done').notNull().default(true),
    idempotencyKey: text('idempotency_key').notNull(),
    performedAt: timestamp('performed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('set_logs_client_key_idx').on(t.clientUserId, t.idempotencyKey),
    index('set_logs_session_idx').on(t.sessionId),
    index('set_logs_client_exercise_idx').on(t.clientUserId, t.exerciseId, t.performedAt),
  ],
)

// Body measurements and the health-data consent moved to schema/progress.ts (migration 0016, decision 209).

/** A trainer coaching a client who pays outside the platform (counts in the plan's client limit). */
export const coachingLinks = pgTable(
  'coaching_links',
  {
    id: id(),
    trainerId: uuid('trainer_id')
      .notNull()
      .references(() => trainers.id, { onDelete: 'cascade' }),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coaching_links_active_idx')
      .on(t.trainerId, t.clientUserId)
      .where(sql`${t.endedAt} is null`),
  ],
)
