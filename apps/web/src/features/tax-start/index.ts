// What the app's routes may use of the sellers' tax start (issue 27, decision 222): its own chunk.
export const loadTaxStartCard = () => import('./components/tax-start-card')
