import type {
  Adherence,
  HealthConsentStatus,
  Measurement,
  MeasurementInput,
  MeasurementList,
  PhotoPose,
  ProgressPhoto,
  ProgressPhotoList,
  RecordList,
} from '@app/contracts'
import { PROGRESS_LIMITS } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, API_BASE, ApiError, newIdempotencyKey, refreshSession } from '@/lib/api-client'
import { getSession } from '@/lib/session'

// Issue 25: the client's progress (decision 209's API). One key per resource; every write
// refreshes what it changes.

export const progressKeys = {
  consent: ['progress', 'consent'] as const,
  measurements: ['progress', 'measurements'] as const,
  photos: ['progress', 'photos'] as const,
  adherence: ['progress', 'adherence'] as const,
  records: ['progress', 'records'] as const,
}

/** The screen named in the consent log. */
export const CONSENT_SCREEN = 'client-progress'
/** Weeks of adherence shown. */
export const ADHERENCE_WEEKS = 12

export const useHealthConsent = () =>
  useQuery({ queryKey: progressKeys.consent, queryFn: () => api.get<HealthConsentStatus>('/client/health-consent') })

/** Two years up to today (the API's default range), oldest first. */
export const useMeasurements = () =>
  useQuery({ queryKey: progressKeys.measurements, queryFn: () => api.get<MeasurementList>('/client/measurements') })

export const useAdherence = () =>
  useQuery({
    queryKey: progressKeys.adherence,
    queryFn: () => api.get<Adherence>(`/client/adherence?weeks=${ADHERENCE_WEEKS}`),
  })

/** Personal records from the client's logs (GET /client/records, the routines API). */
export const useRecords = () => useQuery({ queryKey: progressKeys.records, queryFn: () => api.get<RecordList>('/client/records') })

/**
 * Photos with their five-minute links: asked again a minute before the links expire, so an
 * image opened late still loads.
 */
export const usePhotos = () =>
  useQuery({
    queryKey: progressKeys.photos,
    queryFn: () => api.get<ProgressPhotoList>('/client/progress-photos'),
    refetchInterval: (query) => {
      const first = query.state.data?.data[0]
      if (!first) return false
      return Math.max(5_000, Date.parse(first.linksExpireAt) - Date.now() - 60_000)
    },
  })

export function useConsentActions() {
  const client = useQueryClient()
  const settle = (status: HealthConsentStatus) => {
    client.setQueryData(progressKeys.consent, status)
    void client.invalidateQueries({ queryKey: progressKeys.measurements })
    void client.invalidateQueries({ queryKey: progressKeys.photos })
  }
  const give = useMutation({
    mutationFn: (body: { version: string; language: 'es' | 'en' }) =>
      api.post<HealthConsentStatus>('/client/health-consent', { ...body, screen: CONSENT_SCREEN }),
    onSuccess: settle,
  })
  const withdraw = useMutation({
    mutationFn: (eraseEntries: boolean) =>
      api.post<HealthConsentStatus>('/client/health-consent/withdraw', { screen: CONSENT_SCREEN, eraseEntries }),
    onSuccess: settle,
  })
  return { give, withdraw }
}

export function useMeasurementActions() {
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: progressKeys.measurements })
  const save = useMutation({
    mutationFn: ({ date, input }: { date: string; input: MeasurementInput }) => api.put<Measurement>(`/client/measurements/${date}`, input),
    onSuccess: refresh,
  })
  const remove = useMutation({
    mutationFn: (date: string) => api.delete(`/client/measurements/${date}`),
    onSuccess: refresh,
  })
  return { save, remove }
}

/** The photo goes as the raw image (the API strips metadata and resizes); the JSON client cannot send a file. */
async function uploadPhoto({ file, pose, takenOn }: { file: File; pose: PhotoPose; takenOn: string }): Promise<ProgressPhoto> {
  if (file.size > PROGRESS_LIMITS.photoMaxBytes) {
    throw new ApiError('Photo too large', 413, { errors: { progressPhoto: 'unsupportedImage' } })
  }
  const key = newIdempotencyKey()
  const send = (token: string | undefined) =>
    fetch(`${API_BASE}/client/progress-photos?pose=${pose}&takenOn=${takenOn}`, {
      method: 'POST',
      headers: {
        'Content-Type': file.type || 'image/jpeg',
        Accept: 'application/json',
        'Idempotency-Key': key,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: file,
    })
  let response = await send(getSession()?.token)
  if (response.status === 401) response = await send(await refreshSession())
  const data = (await response.json().catch(() => ({}))) as unknown
  if (!response.ok) {
    throw new ApiError((data as { message?: string }).message ?? `Request failed: ${response.status}`, response.status, data)
  }
  return data as ProgressPhoto
}

export function usePhotoActions() {
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: progressKeys.photos })
  const upload = useMutation({ mutationFn: uploadPhoto, onSuccess: refresh })
  const remove = useMutation({ mutationFn: (id: string) => api.delete(`/client/progress-photos/${id}`), onSuccess: refresh })
  return { upload, remove }
}
