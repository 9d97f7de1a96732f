import { Building2, Dumbbell, Smartphone } from 'lucide-react'
import { Link } from 'react-router'
import { Button, buttonVariants } from '@/components/layout/light-ui'
import { brand } from '@/lib/brand'
import type { ReactNode } from 'react'
import { CheckList } from '@/components/layout/check-list'

function AudienceCard({
  id,
  icon,
  title,
  text,
  points,
  action,
}: {
  id: string
  icon: ReactNode
  title: string
  text: string
  points: string[]
  action: ReactNode
}) {
  return (
    <article id={id} aria-labelledby={`${id}-title`} className="flex scroll-mt-24 flex-col rounded-2xl border bg-card p-6 shadow-sm">
      <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-primary">{icon}</span>
      <h3 id={`${id}-title`} className="mt-4 text-xl font-semibold">
        {title}
      </h3>
      <p className="mt-2 text-muted-foreground">{text}</p>
      <CheckList items={points} className="mt-4 flex-1 space-y-2 text-sm" />
      <div className="mt-6">{action}</div>
    </article>
  )
}

export function Audience() {
  return (
    <section aria-labelledby="audience-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
      <h2 id="audience-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
        Una plataforma, tres formas de entrenar mejor
      </h2>
      <div className="mt-12 grid gap-6 md:grid-cols-3">
        <AudienceCard
          id="trainers"
          icon={<Dumbbell className="size-6" aria-hidden="true" />}
          title="Entrenadores"
          text="Dedica tu tiempo a entrenar, no a cobrar."
          points={['Cobros recurrentes automáticos con tarjeta', 'Rutinas y seguimiento de progreso', 'App móvil para ti y tus clientes']}
          action={
            <Link to="/auth/register" className={buttonVariants({ className: 'w-full' })}>
              Únete como entrenador
            </Link>
          }
        />
        <AudienceCard
          id="business"
          icon={<Building2 className="size-6" aria-hidden="true" />}
          title="Gimnasios"
          text="Gestiona tu equipo y tus socios desde un solo lugar."
          points={['Gestión de entrenadores y clientes', 'Métricas, pagos y comisiones', 'Instalaciones y horarios']}
          action={
            <Button type="button" variant="secondary" className="w-full" disabled>
              Próximamente
            </Button>
          }
        />
        <AudienceCard
          id="clients"
          icon={<Smartphone className="size-6" aria-hidden="true" />}
          title="Clientes"
          text="Encuentra a tu entrenador ideal cerca de ti."
          points={['Entrenadores certificados cerca de ti', 'Reseñas de otros clientes', 'Reserva y sigue tu progreso en la app']}
          action={
            <a
              href={brand.appStoreUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: 'outline', className: 'w-full' })}
            >
              Descargar la app
              <span className="sr-only"> (se abre en una pestaña nueva)</span>
            </a>
          }
        />
      </div>
    </section>
  )
}
