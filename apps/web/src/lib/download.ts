import { api } from './api-client'

/**
 * The one download button's job: fetches a file through the API client (the bearer token, one
 * refresh on 401, the same ApiError on a refusal) and hands it to the browser. The file speaks the
 * page's language (`<html lang>` sent as Accept-Language, decision 201) and keeps the name the API
 * gave it, dated on the same clock as its rows; `fileName` is for an answer without one. A plain
 * link cannot carry the token, so the file arrives as a blob.
 */
export async function downloadFile(path: string, fileName: string, accept = 'text/csv') {
  const language = document.documentElement.lang
  const file = await api.file(path, accept, language ? { headers: { 'Accept-Language': language } } : undefined)
  saveFile(file.blob, file.fileName ?? fileName)
}

/** Hands a file already fetched to the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob)
  const link = Object.assign(document.createElement('a'), { href, download: fileName })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
}
