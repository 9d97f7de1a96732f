import { Toaster as Sonner, type ToasterProps } from 'sonner'
import { useShellText } from '@/lib/shell-text'

/** At most 3 toasts visible, each closing after 4 s (spec §9); its labels in the page's language. */
export function Toaster(props: ToasterProps) {
  const { t } = useShellText()
  return (
    <Sonner
      visibleToasts={3}
      duration={4000}
      closeButton
      position="top-right"
      containerAriaLabel={t('toaster.label')}
      {...props}
      toastOptions={{ closeButtonAriaLabel: t('toaster.close'), ...props.toastOptions }}
    />
  )
}
