import type { DateRangeQuery } from '@app/contracts'
import { Download } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { downloadCsv, type CsvExport } from '../api/client-billing-api'
import { Spinner } from '@/components/states'

/** One download button per export, for the period shown. */
export function CsvButtons({ kinds, period }: { kinds: CsvExport[]; period: DateRangeQuery }) {
  const { t } = useTranslation('client-billing', { keyPrefix: 'csv' })
  const [busy, setBusy] = useState<CsvExport | null>(null)
  const download = async (kind: CsvExport) => {
    setBusy(kind)
    try {
      await downloadCsv(kind, period)
    } catch (err) {
      toast.error(serverErrorText(err, errorsT, t('failed')).message)
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className="flex flex-wrap gap-2">
      {kinds.map((kind) => (
        <Button key={kind} variant="outline" size="sm" onClick={() => void download(kind)} disabled={busy !== null}>
          {busy === kind ? <Spinner show /> : <Download aria-hidden="true" />}
          {t(`${kind}`)}
        </Button>
      ))}
    </div>
  )
}
