import {
  TaxDocumentRejectedError,
  TaxDocumentUnavailableError,
  type DteIssuer,
  type IssuedDte,
  type TaxDocumentProvider,
} from '../types.ts'
import { dteJson, RESPONSE_PARTS } from './dte.ts'

// Haulmer OpenFactura's API (decision 223): POST {base}/v2/dte/document with the `apikey` header
// and an `Idempotency-Key`, the body { response: [...], dte }, answered with TOKEN, FOLIO and the
// PDF and XML in base64; errors as { error: { code, message, details } }.

export interface OpenFacturaOptions {
  baseUrl: string
  apiKey: string
  timeoutMs: number
  issuer: DteIssuer
}

interface IssueAnswer {
  TOKEN?: string
  FOLIO?: number | string
  PDF?: string
  XML?: string
  error?: { code?: string; message?: string }
}

export function openFacturaProvider(options: OpenFacturaOptions): TaxDocumentProvider {
  const url = `${options.baseUrl.replace(/\/$/, '')}/v2/dte/document`
  return {
    name: 'openfactura',
    async issue(request, idempotencyKey): Promise<IssuedDte> {
      let res: Response
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            apikey: options.apiKey,
            'Idempotency-Key': idempotencyKey,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({ response: RESPONSE_PARTS, dte: dteJson(options.issuer, request) }),
          signal: AbortSignal.timeout(options.timeoutMs),
        })
      } catch (err) {
        // Timeout or network: the document may or may not exist; the same key asks again safely.
        throw new TaxDocumentUnavailableError(`OpenFactura did not answer: ${(err as Error).name}`)
      }
      const answer = (await res.json().catch(() => ({}))) as IssueAnswer
      if (res.status >= 500 || res.status === 429 || res.status === 409)
        throw new TaxDocumentUnavailableError(`OpenFactura answered ${res.status}`)
      if (!res.ok)
        throw new TaxDocumentRejectedError(
          `OpenFactura refused the document (${res.status}): ${answer.error?.message ?? ''}`,
          answer.error?.code ?? null,
        )
      const folio = Number(answer.FOLIO)
      if (!answer.TOKEN || !Number.isSafeInteger(folio) || folio < 1 || !answer.PDF || !answer.XML)
        throw new TaxDocumentUnavailableError('OpenFactura answered without folio, PDF or XML')
      return { folio, token: answer.TOKEN, pdf: Buffer.from(answer.PDF, 'base64'), xml: Buffer.from(answer.XML, 'base64').toString('utf8') }
    },
  }
}
