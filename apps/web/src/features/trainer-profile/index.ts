// What the app's routes may use of the public trainer pages (issue 21): one loader per page.
export const loadTrainerSearchPage = () => import('./pages/trainer-search-page')
export const loadTrainerProfilePage = () => import('./pages/trainer-profile-page')
export const loadProfileEditor = () => import('./components/profile-editor')
