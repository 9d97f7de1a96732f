// Issue 27 (decision 223): electronic tax documents (DTE) behind one interface. A provider
// authorised by the SII stamps, numbers (folio) and sends the document; we keep its PDF and XML.

/** 33 factura electrónica, 39 boleta electrónica, 61 nota de crédito electrónica. */
export type DteType = 33 | 39 | 61

export interface DteReceiver {
  /** Normalised (`12345678-5`); `66666666-6` for a boleta to an unnamed consumer. */
  rut: string
  legalName: string | null
  activity: string | null
}

/** The platform as issuer (from the configuration). */
export interface DteIssuer {
  rut: string
  legalName: string
  activity: string
  /** The SII's economic activity code (Acteco). */
  activityCode: number
  address: string
  commune: string
}

/** One document to issue: one line of service, amounts in whole CLP (net + IVA = total). */
export interface DteRequest {
  type: DteType
  /** `YYYY-MM-DD` in America/Santiago. */
  issuedOn: string
  receiver: DteReceiver
  description: string
  netClp: number
  ivaClp: number
  totalClp: number
  /** A credit note's original document and why it is corrected. */
  reference?: { type: DteType; folio: number; issuedOn: string; code: 1 | 3; reason: string }
}

export interface IssuedDte {
  folio: number
  /** The provider's handle of the document. */
  token: string
  pdf: Buffer
  xml: string
}

export interface TaxDocumentProvider {
  readonly name: 'openfactura'
  /**
   * Issues one document. The idempotency key is derived from our source row: a retry with the
   * same key answers the first document, never a second one.
   */
  issue(request: DteRequest, idempotencyKey: string): Promise<IssuedDte>
}

/** Down, slow, 5xx or 429: try again later with the same key. */
export class TaxDocumentUnavailableError extends Error {}
/** The provider refused the document (4xx): retrying the same document will not help; an operator looks. */
export class TaxDocumentRejectedError extends Error {
  constructor(
    message: string,
    public readonly code: string | null,
  ) {
    super(message)
  }
}
