import type { DteIssuer, DteRequest } from '../types.ts'

// The DTE as OpenFactura takes it (POST /v2/dte/document, decision 223): the SII's XML schema
// written as JSON (Encabezado/IdDoc, Emisor, Receptor, Totales; Detalle; Referencia). Folio 0
// asks OpenFactura to assign the next folio. A boleta's line is gross (IVA included, its Totales
// still state MntNeto and IVA); a factura's and a credit note's line is net.

const BOLETA_SERVICES = 3 // IndServicio 3: boletas de venta y servicios

export function dteJson(issuer: DteIssuer, request: DteRequest) {
  const { type, receiver } = request
  const boleta = type === 39
  const line = boleta ? request.totalClp : request.netClp
  const idDoc = boleta
    ? { TipoDTE: 39, Folio: 0, FchEmis: request.issuedOn, IndServicio: BOLETA_SERVICES }
    : { TipoDTE: type, Folio: 0, FchEmis: request.issuedOn, FmaPago: 1 }
  const emisor = boleta
    ? {
        RUTEmisor: issuer.rut,
        RznSocEmisor: issuer.legalName,
        GiroEmisor: issuer.activity,
        DirOrigen: issuer.address,
        CmnaOrigen: issuer.commune,
      }
    : {
        RUTEmisor: issuer.rut,
        RznSoc: issuer.legalName,
        GiroEmis: issuer.activity,
        Acteco: issuer.activityCode,
        DirOrigen: issuer.address,
        CmnaOrigen: issuer.commune,
      }
  const receptor = boleta
    ? { RUTRecep: receiver.rut, ...(receiver.legalName ? { RznSocRecep: receiver.legalName } : {}) }
    : { RUTRecep: receiver.rut, RznSocRecep: receiver.legalName ?? '', GiroRecep: receiver.activity ?? '' }
  const totales = boleta
    ? { MntNeto: request.netClp, IVA: request.ivaClp, MntTotal: request.totalClp, VlrPagar: request.totalClp }
    : { MntNeto: request.netClp, TasaIVA: '19', IVA: request.ivaClp, MntTotal: request.totalClp }
  const dte: Record<string, unknown> = {
    Encabezado: { IdDoc: idDoc, Emisor: emisor, Receptor: receptor, Totales: totales },
    Detalle: [{ NroLinDet: 1, NmbItem: request.description.slice(0, 80), QtyItem: 1, PrcItem: line, MontoItem: line }],
  }
  if (request.reference)
    dte.Referencia = [
      {
        NroLinRef: 1,
        TpoDocRef: String(request.reference.type),
        FolioRef: String(request.reference.folio),
        FchRef: request.reference.issuedOn,
        CodRef: String(request.reference.code),
        RazonRef: request.reference.reason.slice(0, 90),
      },
    ]
  return dte
}

/** What we ask OpenFactura to answer with. */
export const RESPONSE_PARTS = ['FOLIO', 'PDF', 'XML'] as const
