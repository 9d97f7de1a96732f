import type { TrainerCreated } from '@app/contracts'
import { Check, Copy } from 'lucide-react'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

/** The generated password, shown this once: the server keeps only its hash. */
export function GeneratedPasswordDialog({ trainer, onClose }: { trainer: TrainerCreated | null; onClose: () => void }) {
  const { t } = useTranslation('business', { keyPrefix: 'dashboard.password' })
  const [copied, setCopied] = useState(false)
  const password = trainer?.generatedPassword ?? ''

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password)
      setCopied(true)
      toast.success(t('copied'))
    } catch {
      toast.error(t('copyFailed'))
    }
  }

  return (
    <Dialog
      open={Boolean(trainer?.generatedPassword)}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false)
          onClose()
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description', { name: `${trainer?.firstName} ${trainer?.lastName}` })}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="generated-password">{t('label')}</Label>
          <div className="flex gap-2">
            <Input id="generated-password" value={password} readOnly className="font-mono" onFocus={(e) => e.currentTarget.select()} />
            <Button type="button" variant="outline" onClick={copy}>
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? t('copiedButton') : t('copy')}
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">
            <Trans t={t} i18nKey="signIn" values={{ email: trainer?.email }} components={{ email: <strong className="break-all" /> }} />
          </p>
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            {t('done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
