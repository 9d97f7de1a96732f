import { useState, type ReactNode } from 'react'

/**
 * The text alternative of a chart: a disclosure ("Ver como tabla") holding a plain table. The
 * table is rendered only while open, so two years of daily rows cost nothing until asked for.
 *
 * - `summary`: the button's text, e.g. "Ver los datos como tabla".
 * - `caption`: the table's caption (what the numbers are).
 * - `columns`: the column headings; the first column's cells are row headers.
 * - `rows`: one array of cell texts per row, already formatted in the reader's language;
 *   newest first reads best on a phone.
 */
export function ChartTable({
  summary,
  caption,
  columns,
  rows,
}: {
  summary: string
  caption: string
  columns: readonly string[]
  rows: () => readonly (readonly ReactNode[])[]
}) {
  const [open, setOpen] = useState(false)
  return (
    <details className="group text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
        {summary}
      </summary>
      {open ? (
        <div className="max-h-80 overflow-auto rounded-md border" tabIndex={0} role="region" aria-label={caption}>
          <table className="w-full border-collapse text-left tabular-nums">
            <caption className="sr-only">{caption}</caption>
            <thead className="sticky top-0 bg-muted">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-medium">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows().map((cells, row) => (
                <tr key={row} className="border-t">
                  {cells.map((cell, column) =>
                    column === 0 ? (
                      <th key={column} scope="row" className="px-3 py-1.5 font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td key={column} className="px-3 py-1.5">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </details>
  )
}
