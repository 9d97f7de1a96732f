// Placeholder screens: replaced by the issue that builds this area.
import { Placeholder } from '@/components/layout/placeholder'

export const LandingPage = () => <Placeholder title="LandingPage" />
export const PricingPage = () => <Placeholder title="PricingPage" />
export const PrivacyPage = () => <Placeholder title="PrivacyPage" />
export const TermsPage = () => <Placeholder title="TermsPage" />
