// What the app's routes may use of the marketing site: one loader per page, so each page is its
// own chunk (the landing page does not download the legal texts; docs/decisions/046).
const loadHomePages = () => import('./pages/home-pages')
export const loadLandingPage = loadHomePages
export const loadPricingPage = loadHomePages
export const loadPrivacyPage = () => import('./pages/privacy-page')
export const loadTermsPage = () => import('./pages/terms-page')
// The English versions are chunks of their own: the Spanish pages do not download them (decision 231).
export const loadPrivacyPageEn = () => import('./pages/privacy-page-en')
export const loadTermsPageEn = () => import('./pages/terms-page-en')
