// What the app's routes may use of the account area (issue 20): one loader per page.
export const loadAccountPage = () => import('./pages/account-page')
export const loadReopenPage = () => import('./pages/reopen-page')
export const loadExportDownloadPage = () => import('./pages/export-download-page')
