/* global Buffer, performance */
// npm run bench:search: does the public trainer search stay fast with 10,000 published trainers?
// (issue 21, decision 141). For each database (the embedded PGlite, then PostgreSQL when
// BENCH_DATABASE_URL or the local server answers):
//  1. builds the API in this process (TypeScript source through tsx) on a fresh database, which
//     migrates it;
//  2. seeds --trainers (default 10,000) trainers with listed profiles, offers and search vectors in
//     SQL (generate_series), then ANALYZE;
//  3. listens on 127.0.0.1 and sends --samples (default 400) searches one at a time over a mix of
//     queries (full text, filters, sorts, deep cursors), with the rate limit lifted;
//  4. prints p50/p95/p99/max and writes bench/results/search-<time>.json. Exit code 1 when a p99 is
//     above its target: 50 ms on PostgreSQL, 150 ms on PGlite.
// A benchmark, not a test: the figures depend on the machine.
import http from 'node:http'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { option as cliOption } from './lib/cli.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => cliOption(args, name, fallback)
const TRAINERS = Number(option('trainers', 10_000))
const SAMPLES = Number(option('samples', 400))
const TARGETS = { pglite: 150, postgres: 50 }
const root = fileURLToPath(new URL('..', import.meta.url))

const { buildApp } = await import('../apps/api/src/app.ts')
const { testConfig } = await import('../apps/api/src/config.ts')
const { openDatabase } = await import('../apps/api/src/db/client.ts')

const COMUNAS = [
  'Ñuñoa',
  'Providencia',
  'Las Condes',
  'Vitacura',
  'La Reina',
  'Maipú',
  'Santiago Centro',
  'La Florida',
  'Peñalolén',
  'Macul',
  'Viña del Mar',
  'Concón',
]
const CITIES = ['Santiago', 'Santiago', 'Santiago', 'Valparaíso', 'Concepción', 'La Serena', 'Temuco', 'Antofagasta']
const SPECS = [
  'fuerza',
  'hipertrofia',
  'perdida-de-peso',
  'funcional',
  'crossfit',
  'pilates',
  'yoga',
  'running',
  'boxeo',
  'hiit',
  'movilidad',
  'rehabilitacion',
]
const NAMES = [
  'Camila',
  'Matías',
  'Valentina',
  'Benjamín',
  'Isidora',
  'Vicente',
  'Martina',
  'Agustín',
  'Florencia',
  'Tomás',
  'Antonia',
  'Joaquín',
]
const SURNAMES = [
  'González',
  'Muñoz',
  'Rojas',
  'Díaz',
  'Pérez',
  'Soto',
  'Contreras',
  'Silva',
  'Martínez',
  'Sepúlveda',
  'Morales',
  'Fuentes',
]
const arr = (list) => `array[${list.map((v) => `'${v}'`).join(',')}]`

/** Everything in SQL: seeding 10,000 profiles through the API would take an hour of argon2. */
async function seed(db) {
  const t0 = performance.now()
  const script = `
    insert into users (email, password_hash, first_name, last_name, role)
    select 'bench-trainer-' || i || '@example.com', 'x', (${arr(NAMES)})[1 + i % 12], (${arr(SURNAMES)})[1 + (i / 12) % 12] || ' ' || i, 'trainer'
    from generate_series(1, ${TRAINERS}) i;
    insert into trainers (user_id, first_name, last_name, email, stripe_onboarding_complete)
    select id, first_name, last_name, email, true from users where email like 'bench-trainer-%';
    insert into trainer_profiles (trainer_id, slug, headline, bio, specialisations, tags, city, city_key, comuna, modalities, languages,
      published, listed, published_at, eligible_checked_at, rating_x100, rating_count)
    select t.id, 'bench-' || n, 'Entrenamiento de ' || (${arr(SPECS)})[1 + n % 12] || ' en ' || (${arr(COMUNAS)})[1 + n % 12],
      'Entreno personas de todas las edades con planes a medida. Sesiones de ' || (${arr(SPECS)})[1 + (n / 7) % 12] || ' y acompañamiento.',
      array[(${arr(SPECS)})[1 + n % 12], (${arr(SPECS)})[1 + (n / 7) % 12]], array['bench'], (${arr(CITIES)})[1 + n % 8],
      lower(unaccent((${arr(CITIES)})[1 + n % 8])), (${arr(COMUNAS)})[1 + n % 12],
      case n % 3 when 0 then array['in_person','online'] when 1 then array['online'] else array['gym','in_person'] end,
      array['es'], true, true, now() - n * interval '1 minute', now(), 300 + (n * 37) % 201, 1 + n % 40
    from (select id, row_number() over (order by id) as n from trainers where email like 'bench-trainer-%') t;
    insert into offers (trainer_id, title, price_clp, sessions_per_month)
    select trainer_id, 'Plan mensual', 15000 + (abs(hashtext(trainer_id::text)) % 60) * 1000, 8 from trainer_profiles where slug like 'bench-%';
    update trainer_profiles p set search =
      setweight(to_tsvector('spanish', unaccent(t.first_name || ' ' || t.last_name || ' ' || array_to_string(p.specialisations, ' '))), 'A')
      || setweight(to_tsvector('spanish', unaccent(p.city || ' ' || p.comuna || ' ' || array_to_string(p.tags, ' '))), 'B')
      || setweight(to_tsvector('spanish', unaccent(p.headline || ' ' || p.bio)), 'C')
    from trainers t where t.id = p.trainer_id and p.slug like 'bench-%';
    analyze
  `
  // One statement per call: prepared statements take one command.
  for (const statement of script.split(/;\s*\n/)) if (statement.trim()) await db.execute(statement)
  return Math.round((performance.now() - t0) / 100) / 10
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
function get(port, path) {
  return new Promise((resolve) => {
    const started = performance.now()
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString(), ms: performance.now() - started }))
      })
      .on('error', (err) => resolve({ status: 0, body: err.message, ms: performance.now() - started }))
  })
}

const QUERIES = [
  '/api/v1/trainers?q=pilates%20nunoa',
  '/api/v1/trainers?q=entrenamiento%20funcional%20providencia',
  '/api/v1/trainers?q=fuer',
  '/api/v1/trainers?q=yoga&sort=price',
  '/api/v1/trainers?city=santiago&specialisation=boxeo',
  '/api/v1/trainers?specialisation=yoga&modality=online&priceMax=40000',
  '/api/v1/trainers?priceMax=30000&sort=price',
  '/api/v1/trainers',
  '/api/v1/trainers?sort=newest&limit=50',
  '/api/v1/trainers?q=camila%20rojas',
]

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

async function run(kind, url) {
  const config = testConfig({ RATE_LIMIT_MULTIPLIER: 1000, LOG_LEVEL: 'silent' })
  const database = await openDatabase(url ? { url, poolMax: 10 } : { inMemory: true })
  const app = await buildApp({ config, database, mailAutoDeliver: false, serveWeb: false })
  try {
    const seconds = await seed(database.db)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = app.server.address().port
    // Deep cursors: page 20 of the rating and price orders, reached by following nextCursor.
    for (const start of ['/api/v1/trainers?limit=50', '/api/v1/trainers?sort=price&limit=50']) {
      let path = start
      for (let i = 0; i < 20; i++) {
        const page = JSON.parse((await get(port, path)).body)
        path = `${start}&cursor=${page.nextCursor}`
      }
      QUERIES.push(path)
    }
    for (let i = 0; i < 20; i++) await get(port, QUERIES[i % QUERIES.length]) // warm-up
    const times = []
    const counts = {}
    const byPath = {}
    for (let i = 0; i < SAMPLES; i++) {
      const path = QUERIES[i % QUERIES.length]
      const res = await get(port, path)
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.body}`)
      counts[path] ??= JSON.parse(res.body).data.length
      times.push(res.ms)
      ;(byPath[path] ??= []).push(res.ms)
    }
    times.sort((a, b) => a - b)
    const figures = {
      database: kind,
      trainers: TRAINERS,
      seedSeconds: seconds,
      samples: SAMPLES,
      p50: +percentile(times, 50).toFixed(1),
      p95: +percentile(times, 95).toFixed(1),
      p99: +percentile(times, 99).toFixed(1),
      max: +times.at(-1).toFixed(1),
      targetP99: TARGETS[kind],
      resultsPerQuery: counts,
      // Slowest queries first: where the time goes.
      perQuery: Object.entries(byPath)
        .map(([path, list]) => {
          const sorted = list.sort((a, b) => a - b)
          return {
            path: path.length > 90 ? `${path.slice(0, 87)}…` : path,
            p50: +percentile(sorted, 50).toFixed(1),
            max: +sorted.at(-1).toFixed(1),
          }
        })
        .sort((a, b) => b.p50 - a.p50),
    }
    console.log(
      `${kind}: p50 ${figures.p50} ms, p95 ${figures.p95} ms, p99 ${figures.p99} ms (target ≤ ${TARGETS[kind]}), max ${figures.max} ms`,
    )
    return figures
  } finally {
    await app.close()
    await database.close().catch(() => {})
  }
}

async function postgresUrl() {
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const name = `bench_search_${randomUUID().slice(0, 8)}`
  const admin = new pg.Client({ connectionString: server, connectionTimeoutMillis: 2000 })
  try {
    await admin.connect()
    await admin.query(`create database ${name}`)
  } catch {
    return null
  } finally {
    await admin.end().catch(() => {})
  }
  const url = new URL(server)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: server })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

const results = [await run('pglite')]
const server = await postgresUrl()
if (server) {
  try {
    results.push(await run('postgres', server.url))
  } finally {
    await server.drop()
  }
} else console.log('postgres: no server answered (set BENCH_DATABASE_URL); skipped')
agent.destroy()
mkdirSync(`${root}bench/results`, { recursive: true })
const file = `${root}bench/results/search-${new Date().toISOString().replace(/[:.]/g, '-')}.json`
writeFileSync(
  file,
  JSON.stringify({ at: new Date().toISOString(), cpus: cpus().length, cpu: cpus()[0]?.model, loadavg: loadavg(), results }, null, 2),
)
console.log(`written to ${file}`)
process.exit(results.every((r) => r.p99 <= r.targetP99) ? 0 : 1)
