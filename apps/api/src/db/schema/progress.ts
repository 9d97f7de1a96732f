// Issue 25 (progress): health-data consent, body measurements and progress photos (migration
// 0016_progress, decision 209). Health and body data are sensitive (Ley 21.719): written only with
// the client's consent to the current purpose text; never logged.
import { boolean, customType, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './core.ts'

const id = () => uuid('id').primaryKey().defaultRandom()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * The client's consents to store health data and their withdrawals, one row each, never updated:
 * the last row is the state. `eraseEntries` marks a withdrawal that also deleted the entries.
 */
export const healthDataConsents = pgTable(
  'health_data_consents',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accepted: boolean('accepted').notNull(),
    version: text('version').notNull(),
    language: text('language', { enum: ['es', 'en'] }).notNull(),
    screen: text('screen').notNull(),
    ip: text('ip'),
    erasedEntries: boolean('erased_entries').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('health_data_consents_user_idx').on(t.userId, t.createdAt)],
)

/**
 * One entry per client and Santiago day; values as exact integers: grams, millimetres and basis
 * points (0.01 %). Null: not measured that day.
 */
export const bodyMeasurements = pgTable(
  'body_measurements',
  {
    id: id(),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    measuredOn: date('measured_on').notNull(),
    weightG: integer('weight_g'),
    waistMm: integer('waist_mm'),
    hipMm: integer('hip_mm'),
    chestMm: integer('chest_mm'),
    armMm: integer('arm_mm'),
    thighMm: integer('thigh_mm'),
    bodyFatBp: integer('body_fat_bp'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('body_measurements_client_day_idx').on(t.clientUserId, t.measuredOn)],
)

/** A progress photo as stored: WebP re-encoded without metadata, and its thumbnail. Private. */
export const progressPhotos = pgTable(
  'progress_photos',
  {
    id: id(),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pose: text('pose', { enum: ['front', 'side', 'back'] }).notNull(),
    takenOn: date('taken_on').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    image: bytea('image').notNull(),
    thumb: bytea('thumb').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('progress_photos_client_idx').on(t.clientUserId, t.takenOn.desc(), t.createdAt.desc())],
)
