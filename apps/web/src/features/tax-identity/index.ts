// What the app's routes may use of tax identity (issue 27, decision 214): its own chunk.
export const loadTaxIdentityCard = () => import('./components/tax-identity-card')
