import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { ListParams } from '../api/admin-api'

/**
 * One page of a cursor list (leads, trainers, audit log) with next / previous: the cursors of the
 * pages seen are kept, so "previous" asks the server for that page again. New filters start over.
 */
export function useCursorList<Row>(
  name: string,
  filters: ListParams,
  fetchPage: (params: ListParams) => Promise<{ data: Row[]; nextCursor: string | null }>,
) {
  const filterKey = JSON.stringify(filters)
  const [state, setState] = useState<{ filterKey: string; cursors: (string | undefined)[] }>({ filterKey, cursors: [undefined] })
  const cursors = state.filterKey === filterKey ? state.cursors : [undefined]
  const cursor = cursors.at(-1)
  const query = useQuery({
    queryKey: ['admin', name, 'list', filters, cursor ?? null],
    queryFn: () => fetchPage({ ...filters, cursor }),
    placeholderData: keepPreviousData,
  })
  const nextCursor = query.data?.nextCursor ?? null
  return {
    query,
    page: cursors.length,
    hasPrevious: cursors.length > 1,
    hasNext: nextCursor !== null && !query.isPlaceholderData,
    next: () => nextCursor && setState({ filterKey, cursors: [...cursors, nextCursor] }),
    previous: () => setState({ filterKey, cursors: cursors.slice(0, -1) }),
  }
}
