import { AvailabilitySection } from './availability-section'
import { CalendarFeed } from './calendar-feed'
import { CalendarSection } from './calendar-section'
import { TrainerReviewsSection } from './trainer-reviews-section'

/** What the trainer dashboard mounts of bookings (issue 21): calendar, availability, reviews, .ics. */
export function TrainerBooking() {
  return (
    <>
      <CalendarSection />
      <AvailabilitySection />
      <TrainerReviewsSection />
      <CalendarFeed kind="trainer" />
    </>
  )
}
