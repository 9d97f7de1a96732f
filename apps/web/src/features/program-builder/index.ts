// What the app's routes may use of the program builder (issue 25): one loader per page, and the dashboard's card.
export const loadProgramsPage = () => import('./pages/programs-page')
export const loadProgramBuilderPage = () => import('./pages/program-builder-page')
export const loadProgramsCard = () => import('./components/programs-card')
