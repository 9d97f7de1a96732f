import type { MyProfile, ProfileInput } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { api, API_BASE, ApiError, refreshSession } from '@/lib/api-client'
import { getSession } from '@/lib/session'

// The trainer's own profile (issue 21).

export const myProfileKey = ['trainer-profile', 'mine'] as const
export const useMyProfile = () => useQuery({ queryKey: myProfileKey, queryFn: () => api.get<MyProfile>('/trainer/profile') })
export const saveMyProfile = (body: ProfileInput) => api.put<MyProfile>('/trainer/profile', body)
export const publishMyProfile = (published: boolean) => api.post<MyProfile>('/trainer/profile/publish', { published })

/** The photo goes as the raw image (the API resizes it); the JSON client cannot send a file. */
export async function uploadMyPhoto(file: File): Promise<MyProfile> {
  const send = (token: string | undefined) =>
    fetch(`${API_BASE}/trainer/profile/photo`, {
      method: 'PUT',
      headers: { 'Content-Type': file.type, Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: file,
    })
  let response = await send(getSession()?.token)
  if (response.status === 401) response = await send(await refreshSession())
  const data = (await response.json().catch(() => ({}))) as unknown
  if (!response.ok)
    throw new ApiError((data as { message?: string }).message ?? `Request failed: ${response.status}`, response.status, data)
  return data as MyProfile
}
