// What the app's routes may use of bookings (issue 21): one loader per page (each its own chunk)
// and the sections the trainer dashboard mounts.
export const loadBookPage = () => import('./pages/book-page')
export const loadMyBookingsPage = () => import('./pages/my-bookings-page')
export const loadAdminReviewsPage = () => import('./pages/admin-reviews-page')
export const loadTrainerBooking = () => import('./components/trainer-booking')
