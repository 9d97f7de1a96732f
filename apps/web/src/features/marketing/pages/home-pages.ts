// The landing and pricing pages share most of their sections: one chunk for both (docs/decisions/045).
export { LandingPage } from './landing-page'
export { PricingPage } from './pricing-page'
