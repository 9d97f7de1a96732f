/** The first focusable element of every marketing page: jumps over the header to #contenido. */
export function SkipLink({ text = 'Saltar al contenido' }: { text?: string }) {
  return (
    <a
      href="#contenido"
      className="sr-only z-50 rounded-md bg-background px-4 py-2 font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {text}
    </a>
  )
}
