import { Toaster as Sonner, type ToasterProps } from 'sonner'

/** At most 3 toasts visible, each closing after 4 s (spec §9). */
export function Toaster(props: ToasterProps) {
  return <Sonner visibleToasts={3} duration={4000} closeButton position="top-right" {...props} />
}
