// What the app's routes may use of the marketing site. The legal pages are default exports,
// loaded as their own chunks (app/routes/public.tsx).
export { LandingPage } from './pages/landing-page'
export { PricingPage } from './pages/pricing-page'
export const loadPrivacyPage = () => import('./pages/privacy-page')
export const loadTermsPage = () => import('./pages/terms-page')
