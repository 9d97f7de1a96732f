// Issue 21: public trainer profiles, availability, bookings, calendar feeds and reviews
// (migration <n>_booking; decisions 140–146). Hand-written SQL in that migration adds the
// extensions, the no-overlap exclusion constraint and the offers → min price trigger.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { trainers, users } from './core.ts'

const id = () => uuid('id').primaryKey().defaultRandom()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})
/** Written by the service as to_tsvector('spanish', unaccent(document)); never read back. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * A trainer's public profile. `published`: the trainer wants it shown; `listed`: published and,
 * at the last check, able to charge clients (decision 062) — search reads only listed rows.
 */
export const trainerProfiles = pgTable(
  'trainer_profiles',
  {
    trainerId: uuid('trainer_id')
      .primaryKey()
      .references(() => trainers.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    headline: text('headline').notNull().default(''),
    bio: text('bio').notNull().default(''),
    specialisations: text('specialisations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    city: text('city').notNull().default(''),
    /** lower(unaccent(city)): the city filter matches "nunoa" and "Ñuñoa" alike. */
    cityKey: text('city_key').notNull().default(''),
    comuna: text('comuna').notNull().default(''),
    modalities: text('modalities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The resized photo (WebP); `photoVersion` changes with every upload (cache busting). */
    photo: bytea('photo'),
    photoVersion: integer('photo_version').notNull().default(0),
    cancellationHours: integer('cancellation_hours').notNull().default(24),
    published: boolean('published').notNull().default(false),
    listed: boolean('listed').notNull().default(false),
    eligibleCheckedAt: timestamp('eligible_checked_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Lowest active offer price; kept by a trigger on offers. */
    minPriceClp: integer('min_price_clp'),
    /** Average of visible reviews ×100 (0 when none) and their count. */
    ratingX100: integer('rating_x100').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    search: tsvector('search'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('trainer_profiles_search_idx').using('gin', t.search),
    index('trainer_profiles_specialisations_idx').using('gin', t.specialisations),
    index('trainer_profiles_listed_rating_idx').on(t.listed, t.ratingX100, t.trainerId),
    index('trainer_profiles_listed_price_idx').on(t.listed, sql`coalesce(${t.minPriceClp}, 2147483647)`, t.trainerId),
    index('trainer_profiles_listed_published_idx').on(t.listed, t.publishedAt, t.trainerId),
    index('trainer_profiles_listed_city_idx').on(t.listed, t.cityKey),
    check('trainer_profiles_cancellation_hours', sql`${t.cancellationHours} between 0 and 168`),
  ],
)

/** What a trainer offers to book: a duration and how many clients share it (1 = one-to-one). */
export const sessionTypes = pgTable(
  'session_types',
  {
    id: id(),
    trainerId: uuid('trainer_id')
      .notNull()
      .references(() => trainers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    capacity: integer('capacity').notNull().default(1),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('session_types_trainer_idx').on(t.trainerId),
    check('session_types_duration', sql`${t.durationMinutes} between 15 and 480`),
    check('session_types_capacity', sql`${t.capacity} between 1 and 50`),
  ],
)

/** Weekly hours in America/Santiago wall time: ISO weekday (1 = Monday) and minutes of the day. */
export const weeklyHours = pgTable(
  'weekly_hours',
  {
    id: id(),
    trainerId: uuid('trainer_id')
      .notNull()
      .references(() => trainers.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [
    index('weekly_hours_trainer_idx').on(t.trainerId),
    check(
      'weekly_hours_range',
      sql`${t.weekday} between 1 and 7 and ${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute}`,
    ),
  ],
)

/** A day (Santiago) or part of it off: holidays, leave. Null minutes: the whole day. */
export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    id: id(),
    trainerId: uuid('trainer_id')
      .notNull()
      .references(() => trainers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    startMinute: integer('start_minute'),
    endMinute: integer('end_minute'),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('availability_exceptions_trainer_day_idx').on(t.trainerId, t.day)],
)

/**
 * One bookable time of a trainer once someone booked it. `booked` never passes `capacity` (check)
 * and occupied slots of one trainer never overlap (exclusion constraint in the migration).
 */
export const bookingSlots = pgTable(
  'booking_slots',
  {
    id: id(),
    trainerId: uuid('trainer_id')
      .notNull()
      .references(() => trainers.id, { onDelete: 'cascade' }),
    sessionTypeId: uuid('session_type_id')
      .notNull()
      .references(() => sessionTypes.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [
    uniqueIndex('booking_slots_trainer_start_idx').on(t.trainerId, t.startsAt),
    check('booking_slots_booked', sql`${t.booked} >= 0 and ${t.booked} <= ${t.capacity}`),
    check('booking_slots_range', sql`${t.startsAt} < ${t.endsAt}`),
  ],
)

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => bookingSlots.id, { onDelete: 'cascade' }),
    trainerId: uuid('trainer_id')
      .notNull()
      .references(() => trainers.id, { onDelete: 'cascade' }),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionTypeId: uuid('session_type_id')
      .notNull()
      .references(() => sessionTypes.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: ['pending', 'confirmed', 'cancelled', 'attended', 'no_show'] })
      .notNull()
      .default('pending'),
    cancelledBy: text('cancelled_by', { enum: ['client', 'trainer'] }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bookings_slot_client_live_idx')
      .on(t.slotId, t.clientUserId)
      .where(sql`${t.state} <> 'cancelled'`),
    index('bookings_trainer_start_idx').on(t.trainerId, t.startsAt),
    index('bookings_client_start_idx').on(t.clientUserId, t.startsAt),
    index('bookings_reminder_due_idx')
      .on(t.startsAt)
      .where(sql`${t.reminderSentAt} is null and ${t.state} in ('pending', 'confirmed')`),
  ],
)

/** A secret calendar URL (.ics) of a trainer or a client; stored as a SHA-256 digest. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['trainer', 'client'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_live_idx')
      .on(t.userId, t.kind)
      .where(sql`${t.revokedAt} is null`),
  ],
)

/** One review per client and trainer; operators hide abusive ones (audited), never delete them. */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    trainerId: uuid('trainer_id')
      .notNull()
      .references(() => trainers.id, { onDelete: 'cascade' }),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: uuid('hidden_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_trainer_client_idx').on(t.trainerId, t.clientUserId),
    index('reviews_trainer_created_idx').on(t.trainerId, t.createdAt, t.id),
    index('reviews_created_idx').on(t.createdAt, t.id),
    check('reviews_rating', sql`${t.rating} between 1 and 5`),
  ],
)
