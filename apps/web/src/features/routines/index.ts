// What the app's routes may use of routines and the client's app (issue 25): one loader per page.
export const loadClientShell = () => import('./components/client-shell')
export const loadClientSignInPage = () => import('./pages/client-sign-in-page')
export const loadTodayPage = () => import('./pages/today-page')
export const loadExerciseLibrary = () => import('./components/exercise-library')
// Started by the "Hoy" route's loader, before the page's code arrives (a few hundred bytes).
export { preloadClientWords, startTodayFetch } from './lib/early-today'
