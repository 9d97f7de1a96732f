import { createServer, connect, type Server, type Socket } from 'node:net'

/**
 * A TCP proxy a test can break (issue 34): in front of PostgreSQL or Redis, so that a test makes a
 * dependency freeze or vanish for its own server process only, never for the machine's shared
 * servers.
 * - freeze(): connections stay open and nothing flows (a paused server: SIGSTOP, a stuck VM);
 * - down(): every connection is cut and new ones are refused (a stopped or unreachable server);
 * - up(): back to normal (also after freeze).
 */
export interface TcpProxy {
  port: number
  freeze(): void
  down(): Promise<void>
  up(): Promise<void>
  close(): Promise<void>
  /** Connections currently open through the proxy. */
  readonly connections: number
}

export async function startTcpProxy(target: { host: string; port: number }, listenPort = 0): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>()
  let frozen = false
  let server: Server
  let port = listenPort

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host)
        const pair: [Socket, Socket] = [client, upstream]
        pairs.add(pair)
        const drop = () => {
          pairs.delete(pair)
          client.destroy()
          upstream.destroy()
        }
        client.on('error', drop).on('close', drop)
        upstream.on('error', drop).on('close', drop)
        client.pipe(upstream)
        upstream.pipe(client)
        if (frozen) {
          client.pause()
          upstream.pause()
        }
      })
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as { port: number }).port
        resolve()
      })
    })
  await listen()

  const each = (fn: (s: Socket) => void) => {
    for (const [a, b] of pairs) {
      fn(a)
      fn(b)
    }
  }
  const down = async () => {
    frozen = false
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      each((s) => s.destroy())
    })
  }
  return {
    get port() {
      return port
    },
    get connections() {
      return pairs.size
    },
    freeze() {
      frozen = true
      // Unpiped so that nothing buffered moves either; re-piped by up().
      for (const [a, b] of pairs) {
        a.unpipe(b)
        b.unpipe(a)
        a.pause()
        b.pause()
      }
    },
    down,
    async up() {
      if (frozen) {
        frozen = false
        for (const [a, b] of pairs) {
          a.pipe(b)
          b.pipe(a)
          a.resume()
          b.resume()
        }
      }
      if (!server.listening) await listen()
    },
    close: down,
  }
}
