import { describe, expect, it } from 'vitest'
import { HttpError } from '../errors.ts'
import { ownUrl, returnOrigins } from './own-url.ts'

// Decision 199 (issue 23 point 10): a local install opened at 127.0.0.1 instead of localhost could
// not pay ("La dirección de retorno no es válida"). Loopback aliases of a loopback APP_URL are
// accepted in development and on the embedded database; nothing else is.
const dev = { APP_URL: 'http://localhost:3000', NODE_ENV: 'development', DATABASE_URL: undefined } as const
const refused = (config: Parameters<typeof ownUrl>[0], url: string) => {
  try {
    ownUrl(config, url, 'successRedirect')
  } catch (err) {
    return err instanceof HttpError && err.status === 422 && err.errors
  }
  return false
}

describe('ownUrl: return URLs stay on our own web app', () => {
  it.each([
    'http://localhost:3000/invitacion/pagada',
    'http://127.0.0.1:3000/invitacion/pagada?x=1',
    'http://[::1]:3000/auth/checkout/success',
  ])('development, APP_URL http://localhost:3000: %s is accepted as given', (url) => {
    expect(ownUrl(dev, url, 'successRedirect')).toBe(new URL(url).toString())
  })

  it('APP_URL at 127.0.0.1 accepts localhost the same way; the embedded database in production too', () => {
    expect(ownUrl({ ...dev, APP_URL: 'http://127.0.0.1:5173' }, 'http://localhost:5173/cliente', 'returnUrl')).toBe(
      'http://localhost:5173/cliente',
    )
    expect(ownUrl({ ...dev, NODE_ENV: 'production' }, 'http://127.0.0.1:3000/cliente', 'returnUrl')).toBe('http://127.0.0.1:3000/cliente')
    expect(ownUrl({ ...dev, NODE_ENV: 'test' }, 'http://127.0.0.1:3000/cliente', 'returnUrl')).toBe('http://127.0.0.1:3000/cliente')
  })

  it.each([
    ['another host', 'https://evil.example/invitacion/pagada'],
    ['a look-alike host', 'http://localhost.evil.example:3000/'],
    ['a host with localhost as user info', 'http://localhost:3000@evil.example/'],
    ['another loopback address than the three names', 'http://127.0.0.2:3000/'],
    ['another port', 'http://127.0.0.1:3001/'],
    ['no port (80)', 'http://localhost/'],
    ['another scheme', 'https://localhost:3000/'],
    ['javascript:', 'javascript:alert(1)'],
    ['not a URL', '/invitacion/pagada'],
  ])('refuses %s: %s', (_what, url) => {
    expect(refused(dev, url)).toEqual({ successRedirect: 'invalidRedirect' })
  })

  it('a public APP_URL accepts only itself: no loopback alias, whatever the mode', () => {
    const pub = { APP_URL: 'https://app.entrenapp.cl', NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app' } as const
    expect(ownUrl(pub, 'https://app.entrenapp.cl/cliente', 'returnUrl')).toBe('https://app.entrenapp.cl/cliente')
    for (const url of ['http://localhost:3000/', 'http://127.0.0.1/', 'https://localhost/', 'http://app.entrenapp.cl/cliente'])
      expect(refused(pub, url)).toEqual({ successRedirect: 'invalidRedirect' })
    expect(returnOrigins({ ...pub, NODE_ENV: 'development', DATABASE_URL: undefined })).toEqual(['https://app.entrenapp.cl'])
  })

  it('a loopback APP_URL on an external PostgreSQL in production accepts only itself', () => {
    const prod = { ...dev, NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app' } as const
    expect(returnOrigins(prod)).toEqual(['http://localhost:3000'])
    expect(refused(prod, 'http://127.0.0.1:3000/')).toEqual({ successRedirect: 'invalidRedirect' })
  })

  it('lists the three loopback origins with the port of APP_URL', () => {
    expect(returnOrigins(dev)).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
    expect(returnOrigins({ ...dev, APP_URL: 'http://[::1]:8080' })).toEqual([
      'http://[::1]:8080',
      'http://localhost:8080',
      'http://127.0.0.1:8080',
    ])
  })
})
