import { formatClp } from '@app/contracts/format-clp'
import { brand } from '../../../brand.ts'

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Values already escaped (or markup built here) pass through; everything else is escaped. */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value
  }
}
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]
  values.forEach((v, i) => {
    const text = Array.isArray(v)
      ? v.map((x) => (x instanceof Html ? x.value : escapeHtml(String(x)))).join('')
      : v instanceof Html
        ? v.value
        : escapeHtml(String(v ?? ''))
    out += text + strings[i + 1]
  })
  return new Html(out)
}

// Plain forms and links only: the app's CSP allows no inline script (inline styles are allowed).
const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f5f7;color:#1a1d23}
main{max-width:480px;margin:3rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #dfe2e8;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.06)}
.tag{display:inline-block;font-size:.75rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;background:#fff4d6;color:#6b4e00;border-radius:999px;padding:.15rem .6rem}
h1{font-size:1.4rem;margin:.75rem 0 .25rem}p{margin:.25rem 0}.muted{color:#555d6b}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1.25rem 0}dt{color:#555d6b}dd{margin:0;font-weight:600}
.price{font-size:2rem;font-weight:700;margin:1rem 0 0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}form{margin:0}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #c4c9d2;background:#fff;color:#1a1d23;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.btn-primary{background:#1f4fd8;border-color:#1f4fd8;color:#fff}.btn-danger{background:#fff;border-color:#b42318;color:#b42318}
.btn:focus-visible{outline:3px solid #7aa2ff;outline-offset:2px}
.notice{background:#eef6ee;border:1px solid #b7dcb9;border-radius:8px;padding:.75rem;margin-top:1rem}
footer{margin-top:1rem;font-size:.85rem;color:#555d6b;text-align:center}
`

export function page(title: string, body: Html): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(brand.name)}</title><style>${STYLE}</style></head><body><main>${body.value}<footer>Proveedor de pagos de prueba de ${escapeHtml(brand.name)}: no se cobra dinero real.</footer></main></body></html>`
}

export const priceText = (amount: number | null) => (amount == null ? 'A convenir' : `${formatClp(amount)} CLP`)
export const formatDate = (d: Date | null) =>
  d ? d.toLocaleDateString('es-CL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Santiago' }) : '—'
