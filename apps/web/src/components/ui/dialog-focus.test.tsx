import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogTitle } from './alert-dialog'
import { Dialog, DialogContent, DialogTitle } from './dialog'

/** A list whose rows open a dialog from state (no Dialog.Trigger), as the dashboards do. */
function Rows({ initial }: { initial: string[] }) {
  const [rows, setRows] = useState(initial)
  const [editing, setEditing] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<string | null>(null)
  return (
    <main>
      <h1>Trainers</h1>
      <ul>
        {rows.map((row) => (
          <li key={row}>
            <button onClick={() => setEditing(row)}>Edit {row}</button>
            <button onClick={() => setDeleting(row)}>Delete {row}</button>
          </li>
        ))}
      </ul>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Edit</DialogTitle>
        </DialogContent>
      </Dialog>
      <AlertDialog open={deleting !== null}>
        <AlertDialogContent aria-describedby={undefined}>
          <AlertDialogTitle>Delete?</AlertDialogTitle>
          <AlertDialogCancel onClick={() => setDeleting(null)}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              setDeleting(null)
              // The row goes once the list is fetched again, after the dialog has closed.
              setTimeout(() => setRows((r) => r.filter((x) => x !== deleting)), 20)
            }}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogContent>
      </AlertDialog>
    </main>
  )
}

function Page({ initial }: { initial: string[] }) {
  return (
    <>
      <Rows initial={initial} />
      <footer>
        <a href="/terminos">Footer</a>
      </footer>
    </>
  )
}

describe('dialogs give focus back (issue 32)', () => {
  it('Escape on a dialog opened from state: focus is on its trigger again', async () => {
    const user = userEvent.setup()
    render(<Page initial={['Ana', 'Bea']} />)
    await user.click(screen.getByRole('button', { name: 'Edit Bea' }))
    expect(await screen.findByRole('dialog', { name: 'Edit' })).toBeTruthy()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Bea' })))
  })

  it('the close button of a dialog: focus is on its trigger again', async () => {
    const user = userEvent.setup()
    render(<Page initial={['Ana', 'Bea']} />)
    await user.click(screen.getByRole('button', { name: 'Edit Ana' }))
    await user.click(await screen.findByRole('button', { name: /^(Close|Cerrar)$/ }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Ana' })))
  })

  it('deleting a row: focus goes to the next row, not to <body>', async () => {
    const user = userEvent.setup()
    render(<Page initial={['Ana', 'Bea', 'Cata']} />)
    await user.click(screen.getByRole('button', { name: 'Delete Ana' }))
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Ana' })).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Bea' })))
  })

  it('deleting the last row: focus goes to the row before it', async () => {
    const user = userEvent.setup()
    render(<Page initial={['Ana', 'Bea']} />)
    await user.click(screen.getByRole('button', { name: 'Delete Bea' }))
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Bea' })).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Ana' })))
  })

  it('deleting the only row: focus goes to the main heading', async () => {
    const user = userEvent.setup()
    render(<Page initial={['Ana']} />)
    await user.click(screen.getByRole('button', { name: 'Delete Ana' }))
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Ana' })).toBeNull())
    await act(() => new Promise((r) => setTimeout(r, 10)))
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Trainers' }))
  })
})
