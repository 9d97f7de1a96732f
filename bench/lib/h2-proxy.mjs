// A TLS + HTTP/2 front for a bench's server, as production has one (docs/capacity.md, "Several
// processes behind one origin with TLS": Caddy or nginx `listen 443 ssl http2`): one connection,
// every request at once, instead of HTTP/1.1's six connections a host. Self-signed certificate
// (openssl); the browser is started with --ignore-certificate-errors. Bench use only.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import http2 from 'node:http2'
import { join } from 'node:path'

/** Headers HTTP/2 forbids (connection-specific), dropped both ways. */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings', 'host'])

/** Starts the proxy on `port` (127.0.0.1) in front of http://127.0.0.1:`upstreamPort`; resolves to a close function. */
export async function startH2Proxy({ port, upstreamPort, dir }) {
  const key = join(dir, 'proxy-key.pem')
  const cert = join(dir, 'proxy-cert.pem')
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'].concat([
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    { stdio: 'ignore' },
  )
  if (made.status !== 0) throw new Error('openssl could not make the proxy certificate')
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  const server = http2.createSecureServer({ key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true })
  server.on('request', (req, res) => {
    const headers = {}
    for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(':') && !hopByHop.has(name)) headers[name] = value
    headers.host = `127.0.0.1:${upstreamPort}`
    headers['x-forwarded-proto'] = 'https'
    const upstream = http.request(
      { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers, agent, timeout: 30_000 },
      (answer) => {
        const out = {}
        for (const [name, value] of Object.entries(answer.headers)) if (!hopByHop.has(name)) out[name] = value
        res.writeHead(answer.statusCode ?? 502, out)
        answer.pipe(res)
      },
    )
    upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')))
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502)
      res.end()
    })
    req.pipe(upstream)
  })
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve))
  return () =>
    new Promise((resolve) => {
      agent.destroy()
      server.close(() => resolve())
    })
}
