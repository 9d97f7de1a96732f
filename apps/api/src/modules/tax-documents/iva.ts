/** Chile's IVA rate, 19 % (DL 825 art. 14), in basis points. */
export const IVA_BPS = 1900

export interface IvaBreakdown {
  netClp: number
  ivaClp: number
  totalClp: number
}

/**
 * Net and IVA of a gross amount in whole CLP (decision 223). The total is what was charged and
 * never changes: net = round(total / 1.19) computed in integers (half up), IVA = total − net.
 * A factura shows all three; a boleta shows the total, IVA included.
 */
export function ivaFromGross(totalClp: number): IvaBreakdown {
  if (!Number.isSafeInteger(totalClp) || totalClp < 0) throw new RangeError(`not whole pesos: ${totalClp}`)
  const divisor = 10_000 + IVA_BPS
  // round(total * 10000 / 11900), half up, without floating point.
  const netClp = Math.floor((totalClp * 10_000 * 2 + divisor) / (2 * divisor))
  return { netClp, ivaClp: totalClp - netClp, totalClp }
}
