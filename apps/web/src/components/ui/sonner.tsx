import { Toaster as Sonner, type ToasterProps } from 'sonner'
import { useShellText } from '@/lib/shell-text'

/**
 * At most 3 toasts visible, each closing after 4 s (spec §9); its labels in the page's language.
 * `dir` is given: without it sonner reads the document's computed direction at every render, which
 * forces the browser to recompute every style on the page (~36 ms of a tap on a 4× slower phone,
 * issue 25). Spanish and English are both left to right.
 */
export function Toaster(props: ToasterProps) {
  const { t } = useShellText()
  return (
    <Sonner
      visibleToasts={3}
      duration={4000}
      closeButton
      position="top-right"
      dir="ltr"
      containerAriaLabel={t('toaster.label')}
      {...props}
      toastOptions={{ closeButtonAriaLabel: t('toaster.close'), ...props.toastOptions }}
    />
  )
}
