import { api } from './api-client'

/**
 * The one download button's job: fetches a file through the API client (the bearer token, one
 * refresh on 401, the same ApiError on a refusal) and hands it to the browser under `fileName`.
 * A plain link cannot carry the token, so the file arrives as a blob.
 */
export async function downloadFile(path: string, fileName: string, accept = 'text/csv') {
  const blob = await api.file(path, accept)
  const href = URL.createObjectURL(blob)
  const link = Object.assign(document.createElement('a'), { href, download: fileName })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
}
