import type { CardCharges } from '../types.ts'
import { mercadoPagoClient } from './client.ts'
import { charge, customerFor, saveCard, savedCardMethod, savedCardToken } from './client-charges.ts'

export interface MercadoPagoCardSettings {
  /** The platform's own access token: advanced payments and the platform's customers. */
  accessToken: () => string
  baseUrl: () => string
  timeoutMs: number
  /** The card form (Mercado Pago's Card Payment Brick stands behind it; the fake's page in sandbox mode). */
  cardFormUrl: () => string
  /** The application's public key: the card form tokenizes with it. */
  publicKey: () => string
  cardOnFile: boolean
  splitPayments: boolean
  fetch?: typeof fetch
}

/** Client charges on Mercado Pago (decision 249): cards saved on the charging account, payments split at the source. */
export function mercadoPagoCardCharges(settings: MercadoPagoCardSettings): CardCharges {
  const client = () => mercadoPagoClient({ baseUrl: settings.baseUrl(), timeoutMs: settings.timeoutMs, fetch: settings.fetch })
  const tokenOf = (accessToken: string | null) => accessToken ?? settings.accessToken()
  return {
    name: 'mercadopago',
    cardOnFile: settings.cardOnFile,
    splitPayments: settings.splitPayments,
    cardFormUrl({ amountClp, description, returnUrl }) {
      const url = new URL(settings.cardFormUrl())
      url.searchParams.set('public_key', settings.publicKey())
      url.searchParams.set('amount', String(amountClp))
      url.searchParams.set('description', description)
      url.searchParams.set('return_url', returnUrl)
      return url.toString()
    },
    async prepareCard({ accessToken, email, cardToken, paymentMethodId: _m, key }) {
      if (!settings.cardOnFile) return { customerId: null, cardId: null, token: cardToken }
      const token = tokenOf(accessToken)
      const customerId = await customerFor(client(), token, email)
      const { cardId } = await saveCard(client(), token, customerId, cardToken, `${key}:card`)
      return { customerId, cardId, token: await savedCardToken(client(), token, customerId, cardId, `${key}:card-token`) }
    },
    async savedCardToken({ accessToken, customerId, cardId, key }) {
      const token = tokenOf(accessToken)
      const paymentMethodId = await savedCardMethod(client(), token, customerId, cardId)
      return { token: await savedCardToken(client(), token, customerId, cardId, key), paymentMethodId }
    },
    charge: (input) => charge(client(), settings.accessToken(), input),
  }
}
