// What the app's routes may use of monthly statements (issue 27, decision 225): its own chunk.
export const loadStatementSection = () => import('./components/statement-section')
