import {
  MODALITIES,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  PROFILE_LANGUAGES,
  SPECIALISATION_KEYS,
  type MyProfile,
  type ProfileInput,
} from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ErrorAlert } from '@/components/ui/error-alert'
import { Skeleton } from '@/components/ui/skeleton'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { myProfileKey, publishMyProfile, saveMyProfile, uploadMyPhoto, useMyProfile } from '../api/my-profile-api'
import { TrainerPhoto } from './public-frame'

const input = 'h-10 w-full rounded-md border bg-background px-3 text-sm'

const toInput = (p: MyProfile): ProfileInput => ({
  slug: p.slug,
  headline: p.headline,
  bio: p.bio,
  specialisations: p.specialisations as ProfileInput['specialisations'],
  tags: p.tags,
  city: p.city,
  comuna: p.comuna,
  modalities: p.modalities,
  languages: p.languages as ProfileInput['languages'],
  cancellationHours: p.cancellationHours,
})

function toggle<T>(list: T[], value: T) {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value]
}

/** The trainer edits their public profile (both languages), uploads a photo and publishes it. */
export function ProfileEditor() {
  const { t } = useTranslation('trainer-profile', { keyPrefix: 'editor' })
  const profile = useMyProfile()
  const queryClient = useQueryClient()
  const id = useId()
  const [form, setForm] = useState<ProfileInput>()
  const [tags, setTags] = useState('')
  useEffect(() => {
    if (profile.data && !form) {
      setForm(toInput(profile.data))
      setTags(profile.data.tags.join(', '))
    }
  }, [profile.data, form])
  const store = (p: MyProfile) => queryClient.setQueryData(myProfileKey, p)
  const save = useMutation({
    mutationFn: () =>
      saveMyProfile({
        ...form!,
        tags: tags
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      }),
    onSuccess: (p) => (store(p), toast.success(t('saved'))),
  })
  const publish = useMutation({
    mutationFn: (published: boolean) => publishMyProfile(published),
    onSuccess: (p) => (store(p), toast.success(p.published ? t('publishedToast') : t('withdrawnToast'))),
  })
  const photo = useMutation({ mutationFn: uploadMyPhoto, onSuccess: (p) => (store(p), toast.success(t('photoSaved'))) })

  if (profile.isPending || !form)
    return profile.isError ? (
      <ErrorAlert>{t('loadFailed')}</ErrorAlert>
    ) : (
      <Skeleton role="status" className="h-64 rounded-xl" aria-label={t('loading')} />
    )
  const p = profile.data!
  const set = (patch: Partial<ProfileInput>) => setForm((f) => ({ ...f!, ...patch }))
  const onSubmit = (e: FormEvent) => (e.preventDefault(), save.mutate())
  const onPhoto = (file: File | undefined) => {
    if (!file) return
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type) || file.size > PHOTO_MAX_BYTES) return void toast.error(t('photoRules'))
    photo.mutate(file)
  }
  const blocked = p.blockedBy ? t(`blocked.${p.blockedBy}`) : null
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2>{t('title')}</h2>
          <Badge variant={p.listed ? 'success' : 'secondary'}>
            {p.listed ? t('listed') : p.published ? t('publishedNotListed') : t('draft')}
          </Badge>
        </CardTitle>
        <CardDescription>
          {t('description')}{' '}
          {p.listed ? (
            <a href={`/entrenadores/${p.slug}`} className="underline underline-offset-4">
              {t('viewPublic')}
            </a>
          ) : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {blocked ? <ErrorAlert>{blocked}</ErrorAlert> : null}
        <div className="flex flex-wrap items-center gap-4">
          <TrainerPhoto url={p.photoUrl} firstName={p.firstName} lastName={p.lastName} size="lg" />
          <label htmlFor={`${id}-photo`} className="grid gap-1 text-sm font-medium">
            {t('photo')}
            <input
              id={`${id}-photo`}
              type="file"
              accept={PHOTO_TYPES.join(',')}
              onChange={(e) => onPhoto(e.target.files?.[0])}
              className="text-sm"
            />
            <span className="font-normal text-muted-foreground">{t('photoRules')}</span>
          </label>
        </div>
        <form onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <label className="grid gap-1 text-sm font-medium">
              {t('slug')}
              <input
                className={input}
                value={form.slug ?? ''}
                onChange={(e) => set({ slug: e.target.value })}
                pattern="[a-z0-9]+(-[a-z0-9]+)*"
                minLength={3}
                maxLength={60}
              />
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {t('headline')}
              <input className={input} value={form.headline} maxLength={120} onChange={(e) => set({ headline: e.target.value })} />
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {t('city')}
              <input className={input} value={form.city} maxLength={80} onChange={(e) => set({ city: e.target.value })} />
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {t('comuna')}
              <input className={input} value={form.comuna} maxLength={80} onChange={(e) => set({ comuna: e.target.value })} />
            </label>
          </div>
          <label className="grid gap-1 text-sm font-medium">
            {t('bio')}
            <textarea
              className="rounded-md border bg-background p-2 text-sm"
              rows={4}
              maxLength={3000}
              value={form.bio}
              onChange={(e) => set({ bio: e.target.value })}
            />
          </label>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">{t('specialisations')}</legend>
            <div className="flex flex-wrap gap-3">
              {SPECIALISATION_KEYS.map((key) => (
                <label key={key} className="flex items-center gap-1 text-sm">
                  <input
                    type="checkbox"
                    checked={form.specialisations.includes(key)}
                    onChange={() => set({ specialisations: toggle(form.specialisations, key) })}
                  />
                  {t(`specialisation.${key}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="grid gap-1 text-sm font-medium">
            {t('tags')}
            <input className={input} value={tags} onChange={(e) => setTags(e.target.value)} placeholder={t('tagsPlaceholder')} />
          </label>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">{t('modalities')}</legend>
            <div className="flex flex-wrap gap-3">
              {MODALITIES.map((key) => (
                <label key={key} className="flex items-center gap-1 text-sm">
                  <input
                    type="checkbox"
                    checked={form.modalities.includes(key)}
                    onChange={() => set({ modalities: toggle(form.modalities, key) })}
                  />
                  {t(`modality.${key}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">{t('languages')}</legend>
            <div className="flex flex-wrap gap-3">
              {PROFILE_LANGUAGES.map((key) => (
                <label key={key} className="flex items-center gap-1 text-sm">
                  <input
                    type="checkbox"
                    checked={form.languages.includes(key)}
                    onChange={() => set({ languages: toggle(form.languages, key) })}
                  />
                  {t(`language.${key}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="grid max-w-xs gap-1 text-sm font-medium">
            {t('cancellationHours')}
            <input
              className={input}
              type="number"
              min={0}
              max={168}
              value={form.cancellationHours}
              onChange={(e) => set({ cancellationHours: Number(e.target.value) })}
            />
          </label>
          {save.error ? <ErrorAlert>{serverErrorText(save.error, errorsT, t('saveFailed')).message}</ErrorAlert> : null}
          {publish.error ? <ErrorAlert>{serverErrorText(publish.error, errorsT, t('publishFailed')).message}</ErrorAlert> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {t('save')}
            </Button>
            <Button
              type="button"
              variant={p.published ? 'outline' : 'default'}
              onClick={() => publish.mutate(!p.published)}
              disabled={publish.isPending}
            >
              {p.published ? t('withdraw') : t('publish')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
