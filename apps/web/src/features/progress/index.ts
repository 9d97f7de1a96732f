// What the app's routes may use of the client's progress (issue 25).
export const loadProgressPage = () => import('./pages/progress-page')
