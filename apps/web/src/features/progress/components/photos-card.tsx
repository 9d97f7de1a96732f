import { PHOTO_POSES, type PhotoPose, type ProgressPhoto } from '@app/contracts'
import { Camera, ImageOff, Trash2 } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { requestToaster } from '@/components/layout/deferred-toaster'
import { EmptyState, Spinner } from '@/components/states'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { serverErrorText } from '@/lib/error-text'
import { cn } from '@/lib/utils'
import { usePhotoActions } from '../api/progress-api'
import { useErrorWords } from '../lib/error-words'
import { dayText, santiagoToday, shortDay } from '../lib/format'
import { ConfirmDialog } from './confirm-dialog'

/**
 * Progress photos: a pose, then the phone's camera or gallery (no `capture`, so the phone offers
 * both). Images come through the API's five-minute links; an expired one asks for new links.
 */
export function PhotosCard({
  photos,
  canAdd,
  onLinksExpired,
}: {
  photos: readonly ProgressPhoto[]
  canAdd: boolean
  onLinksExpired: () => void
}) {
  const { t, i18n } = useTranslation('progress', { keyPrefix: 'photos' })
  const words = useErrorWords()
  const { upload, remove } = usePhotoActions()
  const [pose, setPose] = useState<PhotoPose>('front')
  const [deleting, setDeleting] = useState<ProgressPhoto | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const poseName = useId()
  const language = i18n.language
  const label = (p: ProgressPhoto) => ({ pose: t(`poses.${p.pose}`).toLowerCase(), date: dayText(p.takenOn, language) })

  const onFile = (file: File | undefined) => {
    if (!file) return
    upload.mutate(
      { file, pose, takenOn: santiagoToday() },
      {
        onSuccess: () => {
          requestToaster()
          toast.success(t('uploaded'))
        },
        onSettled: () => {
          if (fileInput.current) fileInput.current.value = ''
        },
      },
    )
  }

  return (
    <section aria-labelledby="photos-title" className="grid gap-3 rounded-xl border bg-card p-4">
      <h2 id="photos-title" className="font-medium">
        {t('title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('hint')}</p>
      {canAdd ? (
        <div className="grid gap-3">
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{t('pose')}</legend>
            <div className="grid grid-cols-3 gap-2">
              {PHOTO_POSES.map((p) => (
                <label
                  key={p}
                  className={cn(
                    'flex min-h-11 cursor-pointer items-center justify-center rounded-md border text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                    pose === p ? 'border-primary bg-primary text-primary-foreground' : 'bg-background',
                  )}
                >
                  <input type="radio" name={poseName} value={p} checked={pose === p} onChange={() => setPose(p)} className="sr-only" />
                  {t(`poses.${p}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => onFile(e.target.files?.[0])}
            data-testid="progress-photo-input"
          />
          <Button type="button" className="min-h-11 w-full" disabled={upload.isPending} onClick={() => fileInput.current?.click()}>
            {upload.isPending ? <Spinner show /> : <Camera aria-hidden="true" />}
            {upload.isPending ? t('uploading') : t('add')}
          </Button>
          {upload.isError ? <ErrorAlert>{serverErrorText(upload.error, words, t('failed')).message}</ErrorAlert> : null}
        </div>
      ) : null}
      {photos.length ? (
        <ul className="grid grid-cols-3 gap-2">
          {photos.map((photo) => (
            <li key={photo.id} className="grid gap-1">
              <a
                href={photo.url}
                target="_blank"
                rel="noreferrer"
                aria-label={t('open', label(photo))}
                className="block aspect-[3/4] overflow-hidden rounded-md bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <img
                  src={photo.thumbUrl}
                  alt={t('alt', label(photo))}
                  loading="lazy"
                  referrerPolicy="no-referrer"
                  className="size-full object-cover"
                  onError={() => {
                    // Only links that ran out ask for new ones: a photo that fails otherwise must not loop.
                    if (Date.parse(photo.linksExpireAt) - Date.now() < 30_000) onLinksExpired()
                  }}
                />
              </a>
              <div className="flex items-center justify-between gap-1 text-xs">
                <span className="min-w-0">
                  <span className="block font-medium">{t(`poses.${photo.pose}`)}</span>
                  <span className="block text-muted-foreground">{shortDay(photo.takenOn, language)}</span>
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-11 shrink-0"
                  aria-label={t('delete', label(photo))}
                  onClick={() => {
                    remove.reset()
                    setDeleting(photo)
                  }}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t('empty')} hint={t('emptyHint')} icon={<ImageOff className="size-8" aria-hidden="true" />} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        question={deleting ? t('deleteQuestion', label(deleting)) : ''}
        pending={remove.isPending}
        error={remove.isError ? serverErrorText(remove.error, words, t('failed')).message : null}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null)
              requestToaster()
              toast.success(t('deleted'))
            },
          })
        }
      />
    </section>
  )
}
