// The landing and pricing pages share most of their sections: one chunk for both (docs/decisions/046).
export { LandingPage } from './landing-page'
export { PricingPage } from './pricing-page'
