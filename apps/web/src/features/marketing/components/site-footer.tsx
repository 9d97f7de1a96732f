import { Link } from 'react-router'
import { brand } from '@/lib/brand'
import { Logo } from '@/components/layout/logo'

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-sm text-sm text-muted-foreground">{brand.tagline}. Disponible en Chile.</p>
        </div>
        <nav aria-label="Producto">
          <h2 className="text-sm font-semibold">Producto</h2>
          <ul className="mt-3 space-y-1 text-sm">
            <li>
              <Link className="inline-block py-1.5 text-muted-foreground hover:text-foreground hover:underline" to="/precios">
                Precios
              </Link>
            </li>
            <li>
              <Link className="inline-block py-1.5 text-muted-foreground hover:text-foreground hover:underline" to="/auth/register">
                Únete como entrenador
              </Link>
            </li>
            <li>
              <a
                className="inline-block py-1.5 text-muted-foreground hover:text-foreground hover:underline"
                href={brand.appStoreUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                Descargar la app
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="text-sm font-semibold">Legal y contacto</h2>
          <ul className="mt-3 space-y-1 text-sm">
            <li>
              <Link className="inline-block py-1.5 text-muted-foreground hover:text-foreground hover:underline" to="/privacidad">
                Política de privacidad
              </Link>
            </li>
            <li>
              <Link className="inline-block py-1.5 text-muted-foreground hover:text-foreground hover:underline" to="/terminos">
                Términos y condiciones
              </Link>
            </li>
            <li>
              <a
                className="inline-block py-1.5 text-muted-foreground hover:text-foreground hover:underline"
                href={`mailto:${brand.supportEmail}`}
              >
                {brand.supportEmail}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t py-6 text-center text-xs text-muted-foreground" suppressHydrationWarning>
        © {new Date().getFullYear()} {brand.name}. Todos los derechos reservados.
      </p>
    </footer>
  )
}
