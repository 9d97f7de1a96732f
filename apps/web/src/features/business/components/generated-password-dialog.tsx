import type { TrainerCreated } from '@app/contracts'
import { Check, Copy } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

/** The generated password, shown this once: the server keeps only its hash. */
export function GeneratedPasswordDialog({ trainer, onClose }: { trainer: TrainerCreated | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false)
  const password = trainer?.generatedPassword ?? ''

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password)
      setCopied(true)
      toast.success('Password copied to clipboard')
    } catch {
      toast.error('Could not copy. Select the password and copy it by hand.')
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
          <DialogTitle>Trainer Account Created</DialogTitle>
          <DialogDescription>
            A password was generated for {trainer?.firstName} {trainer?.lastName}. Share it with them securely: it is shown only once and cannot be retrieved later.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="generated-password">Generated password</Label>
          <div className="flex gap-2">
            <Input id="generated-password" value={password} readOnly className="font-mono" onFocus={(e) => e.currentTarget.select()} />
            <Button type="button" variant="outline" onClick={copy}>
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? 'Copied' : 'Copy password'}
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">
            They sign in with <strong className="break-all">{trainer?.email}</strong> and this password, and can change it from the login page.
          </p>
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
