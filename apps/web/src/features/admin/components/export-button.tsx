import { Download, Loader2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { downloadCsv, type ListParams } from '../api/admin-api'

/** Downloads the CSV of every row matching the current filters (not only the page on screen). */
export function ExportButton({ path, params, fileName }: { path: string; params: ListParams; fileName: string }) {
  const { t } = useTranslation('admin')
  const [busy, setBusy] = useState(false)
  const onClick = async () => {
    setBusy(true)
    try {
      await downloadCsv(path, params, fileName)
    } catch (error) {
      toast.error(serverErrorText(error, errorsT, t('exportFailed')).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button type="button" variant="outline" onClick={() => void onClick()} disabled={busy} className="sm:ml-auto">
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
      {t('exportCsv')}
    </Button>
  )
}
