import type {
  AdminReview,
  AdminReviewPage,
  AvailabilityException,
  Booking,
  BookingCreate,
  BookingPage,
  ExceptionInput,
  Review,
  ReviewInput,
  ReviewPage,
  SessionType,
  SessionTypeInput,
  SlotList,
  WeeklyHours,
  WeeklyHoursRange,
} from '@app/contracts'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// Issue 21: availability, bookings, calendar feeds and reviews. One query key per resource.

const enc = encodeURIComponent

export const bookingKeys = {
  all: ['booking'] as const,
  mine: (when: 'upcoming' | 'past') => ['booking', 'mine', when] as const,
  slots: (slug: string, from: string, to: string) => ['booking', 'slots', slug, from, to] as const,
  sessionTypes: ['booking', 'session-types'] as const,
  weeklyHours: ['booking', 'weekly-hours'] as const,
  exceptions: ['booking', 'exceptions'] as const,
  calendar: (week: string) => ['booking', 'calendar', week] as const,
  trainerReviews: ['booking', 'trainer-reviews'] as const,
  myReview: (slug: string) => ['booking', 'my-review', slug] as const,
  adminReviews: (state: string) => ['booking', 'admin-reviews', state] as const,
}

// ---- Client ----
export const getSlots = (slug: string, from: string, to: string) =>
  api.get<SlotList>(`/trainers/${enc(slug)}/slots?from=${from}&to=${to}`, { auth: false })
/** Each attempt carries its own Idempotency-Key: a retry of the same click never books twice. */
export const createBooking = (body: BookingCreate, idempotencyKey: string) =>
  api.post<Booking>('/bookings', body, { headers: { 'Idempotency-Key': idempotencyKey } })
export const cancelMyBooking = (id: string) => api.post<Booking>(`/client/bookings/${enc(id)}/cancel`)
export const getMyReview = (trainerId: string) => api.get<Review>(`/trainers/${enc(trainerId)}/review`)
export const saveReview = (trainerId: string, body: ReviewInput) => api.put<Review>(`/trainers/${enc(trainerId)}/review`, body)
export const rotateFeed = (kind: 'trainer' | 'client') => api.post<{ url: string; createdAt: string }>(`/calendar-feeds/${kind}`)
export const revokeFeed = (kind: 'trainer' | 'client') => api.delete<{ ok: true }>(`/calendar-feeds/${kind}`)

export function useMyBookings(when: 'upcoming' | 'past', enabled: boolean) {
  return useInfiniteQuery({
    queryKey: bookingKeys.mine(when),
    queryFn: ({ pageParam }) => api.get<BookingPage>(`/client/bookings?when=${when}${pageParam ? `&cursor=${enc(pageParam)}` : ''}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  })
}

export function useSlots(slug: string, from: string, to: string) {
  return useQuery({ queryKey: bookingKeys.slots(slug, from, to), queryFn: () => getSlots(slug, from, to) })
}

// ---- Trainer ----
export const createSessionType = (body: SessionTypeInput) => api.post<SessionType>('/trainer/session-types', body)
export const setWeeklyHours = (ranges: WeeklyHoursRange[]) => api.put<WeeklyHours>('/trainer/weekly-hours', { ranges })
export const addException = (body: ExceptionInput) => api.post<AvailabilityException>('/trainer/availability-exceptions', body)
export const removeException = (id: string) => api.delete<{ ok: true }>(`/trainer/availability-exceptions/${enc(id)}`)
export const confirmBooking = (id: string) => api.post<Booking>(`/trainer/bookings/${enc(id)}/confirm`)
export const cancelBookingByTrainer = (id: string) => api.post<Booking>(`/trainer/bookings/${enc(id)}/cancel`)
export const markAttendance = (id: string, attended: boolean) => api.post<Booking>(`/trainer/bookings/${enc(id)}/attendance`, { attended })
export const replyToReview = (id: string, reply: string) => api.post<Review>(`/trainer/reviews/${enc(id)}/reply`, { reply })

export const useSessionTypes = () =>
  useQuery({ queryKey: bookingKeys.sessionTypes, queryFn: () => api.get<{ data: SessionType[] }>('/trainer/session-types') })
export const useWeeklyHours = () =>
  useQuery({ queryKey: bookingKeys.weeklyHours, queryFn: () => api.get<WeeklyHours>('/trainer/weekly-hours') })
export const useExceptions = () =>
  useQuery({
    queryKey: bookingKeys.exceptions,
    queryFn: () => api.get<{ data: AvailabilityException[]; nextCursor: string | null }>('/trainer/availability-exceptions?limit=100'),
  })
export function useCalendar(week: string) {
  return useInfiniteQuery({
    queryKey: bookingKeys.calendar(week),
    queryFn: ({ pageParam }) => api.get<BookingPage>(`/trainer/bookings?week=${week}${pageParam ? `&cursor=${enc(pageParam)}` : ''}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}
export function useTrainerReviews() {
  return useInfiniteQuery({
    queryKey: bookingKeys.trainerReviews,
    queryFn: ({ pageParam }) => api.get<ReviewPage>(`/trainer/reviews${pageParam ? `?cursor=${enc(pageParam)}` : ''}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

// ---- Operators ----
export function useAdminReviews(state: 'all' | 'visible' | 'hidden') {
  return useInfiniteQuery({
    queryKey: bookingKeys.adminReviews(state),
    queryFn: ({ pageParam }) => api.get<AdminReviewPage>(`/admin/reviews?state=${state}${pageParam ? `&cursor=${enc(pageParam)}` : ''}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}
export const hideReview = (id: string, reason: string) => api.post<AdminReview>(`/admin/reviews/${enc(id)}/hide`, { reason })
export const unhideReview = (id: string, reason: string) => api.post<AdminReview>(`/admin/reviews/${enc(id)}/unhide`, { reason })
