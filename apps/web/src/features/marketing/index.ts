// What the app's routes may use of the marketing site: one loader per page, so each page is its
// own chunk (the landing page does not download the legal texts; docs/decisions/046).
// Landing and pricing share their header, plans and FAQ (a chunk of their own); /precios does not
// download the landing page's sections (decision 048).
export const loadLandingPage = () => import('./pages/landing-page')
export const loadPricingPage = () => import('./pages/pricing-page')
export const loadPrivacyPage = () => import('./pages/privacy-page')
export const loadTermsPage = () => import('./pages/terms-page')
