import type { BookingPage } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** The client's next bookings (the bookings API of issue 21), for "Hoy". */
export const useUpcomingBookings = (enabled: boolean) =>
  useQuery({ queryKey: ['routines', 'upcoming-bookings'], queryFn: () => api.get<BookingPage>('/client/bookings?when=upcoming'), enabled })
