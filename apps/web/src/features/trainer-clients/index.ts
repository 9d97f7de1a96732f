// What the app's routes may use of the trainer's view of clients (issue 25): one loader per page, and the dashboard's card.
export const loadClientsPage = () => import('./pages/clients-page')
export const loadClientPage = () => import('./pages/client-page')
export const loadClientsCard = () => import('./components/clients-card')
