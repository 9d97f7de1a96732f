import type { Statement } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { downloadFile } from '@/lib/download'

// Monthly statements (issue 27, decision 225): the trainer's own, or the owner's gym's.

export type StatementAudience = Statement['audience']
export type StatementFormat = 'csv' | 'pdf'

const PATH: Record<StatementAudience, string> = { trainer: '/trainer/statement', gym: '/business/statement' }
const ACCEPT: Record<StatementFormat, string> = { csv: 'text/csv', pdf: 'application/pdf' }

export const statementKeys = {
  of: (audience: StatementAudience, month: string) => ['statements', audience, month] as const,
}

export const getStatement = (audience: StatementAudience, month: string) =>
  api.get<Statement>(`${PATH[audience]}?month=${encodeURIComponent(month)}`)

export const useStatement = (audience: StatementAudience, month: string) =>
  useQuery({ queryKey: statementKeys.of(audience, month), queryFn: () => getStatement(audience, month) })

/** The file through the one downloader (the API client's token, refresh and errors; the page's language). */
export const downloadStatement = (audience: StatementAudience, month: string, format: StatementFormat) =>
  downloadFile(`${PATH[audience]}.${format}?month=${encodeURIComponent(month)}`, `statement_${month}.${format}`, ACCEPT[format])
