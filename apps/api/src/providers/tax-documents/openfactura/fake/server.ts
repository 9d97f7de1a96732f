import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isValidRut as validRut } from '@app/contracts'
import { dtePdf, dteXml, type DteJson, type FakeDocument } from './documents.ts'

/**
 * A fake of OpenFactura's document API (decision 223), written from its documentation and
 * published examples; used by the tests and by `npm start` when OPENFACTURA_API_KEY is unset.
 * - POST /v2/dte/document with `apikey` (401 without): checks the DTE as the SII would (types
 *   33/39/61, RUTs, a factura's razón social and giro, net + IVA = total, IVA 19 % of the net
 *   within a peso, the line's amount, a credit note's reference) and answers 400 with
 *   { error: { code, message, details } } otherwise; assigns the next folio of that type.
 * - Idempotency-Key: the same key and body answer the first answer again (no new folio); the
 *   same key with another body answers 409.
 * - GET /v2/dte/document/{token}/pdf and /xml answer { pdf } / { xml } in base64.
 * - Outages for tests: `down` (503), `failNext(n, status)`, `delayMs` (a slow answer, for timeouts).
 */
export async function startFakeOpenFactura(options: { apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? 'fake-openfactura-key'
  const folios = new Map<number, number>()
  const byToken = new Map<string, FakeDocument>()
  const byKey = new Map<string, { bodyHash: string; status: number; answer: unknown }>()
  const state = { down: false, failures: [] as number[], delayMs: 0, requests: 0 }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const refuse = (res: ServerResponse, code: string, message: string, details: unknown[] = []) =>
    send(res, 400, { error: { code, message, details } })

  async function issue(body: { response?: string[]; dte?: DteJson }): Promise<[number, unknown]> {
    const dte = body.dte
    const header = dte?.Encabezado
    const type = Number(header?.IdDoc?.TipoDTE)
    if (!dte || !header || ![33, 39, 61].includes(type))
      return [400, { error: { code: 'OF-08', message: 'Tipo de DTE no soportado', details: [] } }]
    const problems: string[] = []
    const t = header.Totales ?? {}
    const line = dte.Detalle?.[0]
    if (!validRut(String(header.Emisor?.RUTEmisor ?? ''))) problems.push('Emisor.RUTEmisor')
    if (!validRut(String(header.Receptor?.RUTRecep ?? ''))) problems.push('Receptor.RUTRecep')
    if (type !== 39 && (!header.Receptor?.RznSocRecep || !header.Receptor?.GiroRecep)) problems.push('Receptor.RznSocRecep/GiroRecep')
    if (
      !Number.isSafeInteger(t.MntNeto) ||
      !Number.isSafeInteger(t.IVA) ||
      !Number.isSafeInteger(t.MntTotal) ||
      t.MntNeto! + t.IVA! !== t.MntTotal
    )
      problems.push('Totales')
    else if (Math.abs(t.IVA! - Math.round(t.MntNeto! * 0.19)) > 1) problems.push('Totales.IVA')
    if (!line || line.MontoItem !== (type === 39 ? t.MntTotal : t.MntNeto)) problems.push('Detalle.MontoItem')
    if (type === 61 && !dte.Referencia?.[0]?.FolioRef) problems.push('Referencia')
    if (problems.length) return [400, { error: { code: 'OF-06', message: 'Error de validación del DTE', details: problems } }]
    const folio = (folios.get(type) ?? 0) + 1
    folios.set(type, folio)
    const token = randomBytes(32).toString('hex')
    const doc: FakeDocument = { token, type, folio, dte }
    doc.pdf = await dtePdf(doc)
    doc.xml = dteXml(doc)
    byToken.set(token, doc)
    const wanted = body.response ?? []
    return [
      200,
      {
        TOKEN: token,
        ...(wanted.includes('FOLIO') ? { FOLIO: folio } : {}),
        ...(wanted.includes('PDF') ? { PDF: doc.pdf.toString('base64') } : {}),
        ...(wanted.includes('XML') ? { XML: Buffer.from(doc.xml).toString('base64') } : {}),
      },
    ]
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    state.requests++
    // The request is read whole first: a slow answer is slow after the document was received.
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs))
    if (state.down) return send(res, 503, { error: { code: 'OF-503', message: 'Servicio no disponible' } })
    const failure = state.failures.shift()
    if (failure) return send(res, failure, { error: { code: `OF-${failure}`, message: 'Error' } })
    if (req.headers.apikey !== apiKey) return send(res, 401, { error: { code: 'OF-01', message: 'Autenticación inválida' } })
    const url = new URL(req.url ?? '/', 'http://fake')
    const got = url.pathname.match(/^\/v2\/dte\/document\/([0-9a-f]+)\/(pdf|xml)$/)
    if (req.method === 'GET' && got) {
      const doc = byToken.get(got[1])
      if (!doc) return send(res, 404, { error: { code: 'OF-404', message: 'Documento no encontrado' } })
      return send(res, 200, got[2] === 'pdf' ? { pdf: doc.pdf!.toString('base64') } : { xml: Buffer.from(doc.xml!).toString('base64') })
    }
    if (req.method !== 'POST' || url.pathname !== '/v2/dte/document')
      return send(res, 404, { error: { code: 'OF-404', message: 'No encontrado' } })
    let body
    try {
      body = JSON.parse(raw)
    } catch {
      return refuse(res, 'OF-02', 'JSON inválido')
    }
    const key = req.headers['idempotency-key']
    const bodyHash = createHash('sha256').update(raw).digest('hex')
    if (typeof key === 'string' && key) {
      const seen = byKey.get(key)
      if (seen)
        return seen.bodyHash === bodyHash
          ? send(res, seen.status, seen.answer)
          : send(res, 409, { error: { code: 'OF-409', message: 'Idempotency-Key reutilizada con otro documento' } })
    }
    const [status, answer] = await issue(body)
    if (typeof key === 'string' && key) byKey.set(key, { bodyHash, status, answer })
    return send(res, status, answer)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { error: { code: 'OF-500', message: String(err) } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    state,
    /** Every document issued, in order. */
    documents: () => [...byToken.values()],
    /** The next `n` requests answer `status` (a 5xx, a 429). */
    failNext(n: number, status = 500) {
      for (let i = 0; i < n; i++) state.failures.push(status)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type FakeOpenFactura = Awaited<ReturnType<typeof startFakeOpenFactura>>
