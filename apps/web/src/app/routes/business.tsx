// Placeholder screens: replaced by the issue that builds this area.
import { Placeholder } from '@/components/layout/placeholder'

export const BusinessLoginPage = () => <Placeholder title="BusinessLoginPage" />
export const BusinessRegisterPage = () => <Placeholder title="BusinessRegisterPage" />
export const BusinessDashboardPage = () => <Placeholder title="BusinessDashboardPage" />
export const PasswordRecoveryPage = () => <Placeholder title="PasswordRecoveryPage" />
