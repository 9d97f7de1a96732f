import {
  PayoutLinkRefusedError,
  WebhookSignatureError,
  type PayoutLinkNotification,
  type PayoutLinking,
  type PayoutLinkTokens,
} from '../types.ts'
import { MercadoPagoApiError, mercadoPagoClient, type OAuthTokenAnswer } from './client.ts'
import { verifyNotificationSignature } from './signature.ts'

export interface MercadoPagoLinkingSettings {
  clientId: string
  clientSecret: string
  webhookSecret: string
  /** A getter: in sandbox mode the fake's port is known only once it listens. */
  baseUrl: () => string
  authUrl: () => string
  timeoutMs: number
  fetch?: typeof fetch
}

/** Payout accounts linked by Mercado Pago's OAuth authorization-code flow with PKCE (decision 207). */
export function mercadoPagoLinking(settings: MercadoPagoLinkingSettings): PayoutLinking {
  const client = () => mercadoPagoClient({ baseUrl: settings.baseUrl(), timeoutMs: settings.timeoutMs, fetch: settings.fetch })

  const tokensOf = (answer: OAuthTokenAnswer): PayoutLinkTokens => ({
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: new Date(Date.now() + answer.expires_in * 1000),
    providerUserId: String(answer.user_id),
    scope: answer.scope ?? null,
    liveMode: answer.live_mode ?? false,
  })

  async function token(body: Record<string, string>, idempotencyKey?: string) {
    try {
      const answer = await client().post<OAuthTokenAnswer>('/oauth/token', {
        body: { client_id: settings.clientId, client_secret: settings.clientSecret, ...body },
        idempotencyKey,
      })
      if (!answer.access_token || !answer.refresh_token || !answer.expires_in)
        throw new MercadoPagoApiError(502, 'bad_answer', 'token answer without tokens')
      return tokensOf(answer)
    } catch (err) {
      // invalid_grant (a used, expired or revoked code or refresh token, a wrong verifier), invalid_client …
      if (err instanceof MercadoPagoApiError)
        throw new PayoutLinkRefusedError(`Mercado Pago refused the grant (${err.status} ${err.error})`)
      throw err
    }
  }

  return {
    name: 'mercadopago',
    authorizationUrl({ state, redirectUri, codeChallenge }) {
      const url = new URL('/authorization', settings.authUrl())
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        response_type: 'code',
        platform_id: 'mp',
        state,
        redirect_uri: redirectUri,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString()
      return url.toString()
    },
    exchangeCode: ({ code, redirectUri, codeVerifier }) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier }),
    refresh: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async isAuthorized(accessToken) {
      try {
        await client().get('/users/me', { accessToken })
        return true
      } catch (err) {
        if (err instanceof MercadoPagoApiError && (err.status === 401 || err.status === 403)) return false
        throw err
      }
    },
    ownsNotification(rawBody) {
      try {
        const body = JSON.parse(rawBody.toString('utf8')) as { type?: unknown; topic?: unknown }
        return (body.type ?? body.topic) === 'mp-connect'
      } catch {
        return false
      }
    },
    parseNotification(rawBody, headers, query): PayoutLinkNotification {
      let body: { id?: unknown; type?: unknown; topic?: unknown; action?: unknown; user_id?: unknown; data?: { id?: unknown } }
      try {
        body = JSON.parse(rawBody.toString('utf8'))
      } catch {
        throw new WebhookSignatureError('body is not JSON')
      }
      // The signed id is the query's data.id (Mercado Pago adds it to the URL); the body's otherwise.
      const dataId = query['data.id'] ?? (body.data?.id !== undefined ? String(body.data.id) : null)
      const { requestId } = verifyNotificationSignature({ secret: settings.webhookSecret, headers, dataId })
      const id = body.id !== undefined ? String(body.id) : (requestId ?? `${dataId}`)
      const type = String(body.type ?? body.topic ?? query.type ?? query.topic ?? '')
      const action = String(body.action ?? '')
      if (type === 'mp-connect' && action === 'application.deauthorized') {
        return { id, kind: 'account.revoked', providerUserId: body.user_id !== undefined ? String(body.user_id) : dataId }
      }
      return { id, kind: 'other', providerUserId: body.user_id !== undefined ? String(body.user_id) : null }
    },
  }
}
