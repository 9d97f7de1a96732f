export { EmailChangeConfirmPage } from './email-change-confirm-page'
