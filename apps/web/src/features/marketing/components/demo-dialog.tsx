import { PlayCircle, X } from 'lucide-react'
import { useId, useRef } from 'react'
import { Button } from '@/components/layout/light-ui'
import { brand } from '@/lib/brand'

/**
 * "Ver demo": a native modal <dialog> (focus trap, Escape and top layer from the browser), so the
 * landing page does not ship a dialog library (decision 011).
 */
export function DemoButton() {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const close = () => dialog.current?.close()
  return (
    <>
      <Button type="button" variant="outline" size="lg" onClick={() => dialog.current?.showModal()}>
        <PlayCircle aria-hidden="true" />
        Ver demo
      </Button>
      {/* The backdrop click is for the mouse; the keyboard has Escape and the buttons. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        // A click on the backdrop lands on the <dialog> itself.
        onClick={(e) => e.target === e.currentTarget && close()}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border bg-background p-0 text-foreground shadow-lg backdrop:bg-black/50"
      >
        <div className="relative grid gap-4 p-6">
          <h2 id={titleId} className="pr-8 text-lg font-semibold">
            Demo de {brand.name}
          </h2>
          <p className="text-muted-foreground">El video demo estará disponible muy pronto. ¡Vuelve a visitarnos!</p>
          <div className="flex justify-end">
            <Button type="button" onClick={close}>
              Entendido
            </Button>
          </div>
          <button type="button" onClick={close} className="absolute top-4 right-4 rounded-sm opacity-70 hover:opacity-100">
            <X className="size-4" aria-hidden="true" />
            <span className="sr-only">Cerrar</span>
          </button>
        </div>
      </dialog>
    </>
  )
}
