/* global Buffer, Image, document, btoa -- page.evaluate runs in the browser */
// Renders the landing page's app screenshots and the Open Graph image from small HTML mock-ups of
// the mobile app in Chromium, and saves them as WebP (screenshots) and PNG (og-image).
// Run: node bench/tools/marketing-images.mjs   (writes to apps/web/public)
import { chromium } from 'playwright-core'
import { writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

const out = fileURLToPath(new URL('../../apps/web/public/', import.meta.url))
const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'

const base = `
*{box-sizing:border-box;margin:0;padding:0}
body{width:300px;height:600px;font-family:'DejaVu Sans',system-ui,sans-serif;background:#f6f8f9;color:#13222b;overflow:hidden;display:flex;flex-direction:column}
.status{height:28px;display:flex;justify-content:space-between;align-items:center;padding:0 16px;font-size:11px;font-weight:600;background:#0f766e;color:#fff}
.top{background:#0f766e;color:#fff;padding:10px 16px 18px}
.top small{opacity:.85;font-size:11px}.top h1{font-size:20px;margin-top:2px}
.body{flex:1;min-height:0;overflow:hidden;padding:12px;display:flex;flex-direction:column;gap:10px}
.card{background:#fff;border-radius:14px;padding:12px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.row{display:flex;align-items:center;gap:10px}
.av{width:34px;height:34px;border-radius:50%;background:#ccfbf1;color:#0f766e;display:flex;align-items:center;justify-content:center;font-weight:700;font-size:12px;flex:none}
.t{font-size:13px;font-weight:600;white-space:nowrap}.s{font-size:11px;color:#5b6b75}
.chip{margin-left:auto;flex:none;white-space:nowrap;font-size:10px;font-weight:600;padding:3px 8px;border-radius:999px}
.ok{background:#d1fae5;color:#065f46}.warn{background:#fef3c7;color:#92400e}
.tabs{height:54px;background:#fff;border-top:1px solid #e5e7eb;display:flex;justify-content:space-around;align-items:center;font-size:10px;color:#6b7280}
.tabs b{color:#0f766e}
.time{font-size:12px;font-weight:700;color:#0f766e;width:38px;flex:none}
.grid{display:grid;grid-template-columns:1fr 1fr;gap:10px}
.big{font-size:22px;font-weight:800}
.bar{height:6px;border-radius:3px;background:#e5e7eb;overflow:hidden}.bar i{display:block;height:100%;background:#14b8a6}
.check{width:22px;height:22px;border-radius:50%;border:2px solid #14b8a6;flex:none;display:flex;align-items:center;justify-content:center;color:#fff;font-size:12px}
.done{background:#14b8a6}
`
const status = `<div class="status"><span>9:41</span><span>▂▄▆ 100%</span></div>`
const tabs = (active) =>
  `<div class="tabs">${['Agenda', 'Rutinas', 'Progreso', 'Pagos'].map((t) => (t === active ? `<b>● ${t}</b>` : `<span>○ ${t}</span>`)).join('')}</div>`

const screens = {
  agenda: `${status}<div class="top"><small>Martes 14 de octubre</small><h1>Agenda de hoy</h1></div>
  <div class="body">
    <div class="grid"><div class="card"><div class="s">Sesiones hoy</div><div class="big">6</div></div><div class="card"><div class="s">Cobrado este mes</div><div class="big">$1,2M</div></div></div>
    ${[
      ['07:30', 'CR', 'Camila R.', 'Fuerza · Providencia', 'Pagado', 'ok'],
      ['09:00', 'DM', 'Diego M.', 'Funcional · Gimnasio', 'Pagado', 'ok'],
      ['12:15', 'VS', 'Valentina S.', 'Running · Parque', 'Pendiente', 'warn'],
      ['18:00', 'JP', 'Javier P.', 'Hipertrofia · Gimnasio', 'Pagado', 'ok'],
      ['19:30', 'FA', 'Fernanda A.', 'Movilidad · Online', 'Pagado', 'ok'],
    ]
      .map(
        ([time, ini, name, what, chip, cls]) =>
          `<div class="card row"><span class="time">${time}</span><span class="av">${ini}</span><span><div class="t">${name}</div><div class="s">${what}</div></span><span class="chip ${cls}">${chip}</span></div>`,
      )
      .join('')}
  </div>${tabs('Agenda')}`,
  rutina: `${status}<div class="top"><small>Camila Rojas · Semana 3</small><h1>Día A: Tren inferior</h1></div>
  <div class="body">
    <div class="card"><div class="row"><span class="t">Progreso de la sesión</span><span class="chip ok">3 de 6</span></div><div class="bar" style="margin-top:8px"><i style="width:50%"></i></div></div>
    ${[
      ['Sentadilla con barra', '5 × 5 · 62,5 kg', true],
      ['Peso muerto rumano', '4 × 8 · 50 kg', true],
      ['Zancadas caminando', '3 × 12 · 2 × 12 kg', true],
      ['Prensa de piernas', '4 × 10 · 120 kg', false],
      ['Curl femoral', '3 × 12 · 35 kg', false],
      ['Elevación de talones', '4 × 15 · 40 kg', false],
    ]
      .map(
        ([name, sets, done]) =>
          `<div class="card row"><span class="check ${done ? 'done' : ''}">${done ? '✓' : ''}</span><span><div class="t">${name}</div><div class="s">${sets}</div></span></div>`,
      )
      .join('')}
  </div>${tabs('Rutinas')}`,
  progreso: `${status}<div class="top"><small>Camila Rojas</small><h1>Progreso</h1></div>
  <div class="body">
    <div class="card"><div class="row"><span class="t">Sentadilla (1RM)</span><span class="chip ok">+12 kg</span></div>
      <svg viewBox="0 0 260 120" width="100%" height="120" style="margin-top:8px">
        <g stroke="#e5e7eb">${[20, 50, 80, 110].map((y) => `<line x1="0" x2="260" y1="${y}" y2="${y}"/>`).join('')}</g>
        <polyline fill="none" stroke="#14b8a6" stroke-width="3" stroke-linejoin="round" points="5,100 45,92 85,86 125,74 165,66 205,50 250,34"/>
        <polygon fill="#14b8a6" opacity=".15" points="5,100 45,92 85,86 125,74 165,66 205,50 250,34 250,118 5,118"/>
        ${[
          [5, 100],
          [45, 92],
          [85, 86],
          [125, 74],
          [165, 66],
          [205, 50],
          [250, 34],
        ]
          .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3.5" fill="#0f766e"/>`)
          .join('')}
      </svg>
      <div class="row s" style="justify-content:space-between"><span>Ago</span><span>Sep</span><span>Oct</span></div></div>
    <div class="grid">
      <div class="card"><div class="s">Peso corporal</div><div class="big">61,8 kg</div><div class="s">−2,4 kg en 8 semanas</div></div>
      <div class="card"><div class="s">Asistencia</div><div class="big">94%</div><div class="s">17 de 18 sesiones</div></div>
    </div>
    <div class="card"><div class="t">Medidas</div>
      ${[
        ['Cintura', '72 cm', 70],
        ['Cadera', '96 cm', 85],
        ['Muslo', '55 cm', 60],
      ]
        .map(
          ([k, v, w]) =>
            `<div style="margin-top:8px"><div class="row s"><span>${k}</span><span style="margin-left:auto">${v}</span></div><div class="bar"><i style="width:${w}%"></i></div></div>`,
        )
        .join('')}
    </div>
  </div>${tabs('Progreso')}`,
}

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] })
try {
  for (const [name, html] of Object.entries(screens)) {
    for (const scale of [1, 2]) {
      const page = await browser.newPage({ viewport: { width: 300, height: 600 }, deviceScaleFactor: scale })
      await page.setContent(`<!doctype html><html lang="es"><meta charset="utf-8"><style>${base}</style><body>${html}</body></html>`)
      const png = await page.screenshot({ type: 'png' })
      // Chromium encodes WebP through canvas.
      const webp = await page.evaluate(async (b64) => {
        const img = new Image()
        img.src = `data:image/png;base64,${b64}`
        await img.decode()
        const canvas = Object.assign(document.createElement('canvas'), { width: img.naturalWidth, height: img.naturalHeight })
        canvas.getContext('2d').drawImage(img, 0, 0)
        const blob = await new Promise((r) => canvas.toBlob(r, 'image/webp', 0.82))
        return btoa(String.fromCharCode(...new Uint8Array(await blob.arrayBuffer())))
      }, png.toString('base64'))
      const file = `${out}screenshots/${name}-${300 * scale}.webp`
      await writeFile(file, Buffer.from(webp, 'base64'))
      console.log(file)
      await page.close()
    }
  }

  const og = await browser.newPage({ viewport: { width: 1200, height: 630 } })
  await og.setContent(`<!doctype html><html lang="es"><meta charset="utf-8"><style>
    *{margin:0;box-sizing:border-box}body{width:1200px;height:630px;font-family:'DejaVu Sans',sans-serif;background:linear-gradient(135deg,#0f766e,#134e4a);color:#fff;display:flex;align-items:center;padding:80px;gap:60px}
    h1{font-size:64px;line-height:1.05;letter-spacing:-1px}p{font-size:28px;margin-top:24px;opacity:.9;line-height:1.3}
    .logo{display:flex;align-items:center;gap:16px;font-size:36px;font-weight:700;margin-bottom:40px}
    .badge{display:inline-block;margin-top:36px;background:#fff;color:#0f766e;font-weight:700;font-size:26px;padding:12px 24px;border-radius:999px}
  </style><body><div><div class="logo"><svg viewBox="0 0 32 32" width="56" height="56"><rect width="32" height="32" rx="8" fill="#fff"/><path d="M9 16h3v-5h2v10h-2v-3H9zm9-5h2v3h3v-3h2v10h-2v-5h-3v5h-2z" fill="#0f766e"/></svg>Entrenapp</div>
  <h1>Tu negocio de entrenamiento, en piloto automático</h1><p>Cobros recurrentes, rutinas, progreso y app móvil para entrenadores personales en Chile.</p><span class="badge">30 días gratis</span></div></body></html>`)
  await og.screenshot({ path: `${out}og-image.png`, type: 'png' })
  console.log(`${out}og-image.png`)
} finally {
  await browser.close()
}
