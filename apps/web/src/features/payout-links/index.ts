// What the app's routes may use of payout account linking (issue 26, decision 213): its own chunks.
export const loadPayoutLinkCards = () => import('./components/payout-link-card')
export const loadPayoutLinkReturnPage = () => import('./pages/payout-link-return-page')
