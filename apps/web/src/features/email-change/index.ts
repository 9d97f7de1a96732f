export const loadEmailChangeConfirmPage = () => import('./email-change-confirm-page')
