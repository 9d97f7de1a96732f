import { TRIAL_DAYS } from '@app/contracts/constants'
import { ArrowRight, CalendarCheck, CreditCard, TrendingUp } from 'lucide-react'
import { Link } from 'react-router'
import { buttonVariants } from '@/components/layout/light-ui'
import { socialProof } from '../content'
import { DemoButton } from './demo-dialog'

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-accent/70 to-background">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-sm font-medium text-primary">
            {TRIAL_DAYS} días gratis en todos los planes
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Tu negocio de entrenamiento, en piloto automático
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-muted-foreground">
            Cobros recurrentes automáticos, rutinas, seguimiento de progreso y una app móvil para tus clientes. Hecho para entrenadores
            personales en Chile.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/auth/register" className={buttonVariants({ size: 'lg' })}>
              Comenzar gratis
              <ArrowRight aria-hidden="true" />
            </Link>
            <DemoButton />
          </div>
          <dl className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-4">
            {socialProof.map((s) => (
              <div key={s.label} className="flex flex-col-reverse">
                <dt className="text-sm text-muted-foreground">{s.label}</dt>
                <dd className="text-2xl font-bold text-foreground sm:text-3xl">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <HeroPanel />
      </div>
    </section>
  )
}

/** A drawn summary of the app (no image download before the hero text paints). */
function HeroPanel() {
  const rows = [
    { icon: CreditCard, title: 'Cobro automático', detail: 'Mensualidad de Camila R.', value: '$45.000' },
    { icon: CalendarCheck, title: 'Sesión confirmada', detail: 'Mañana · 07:30', value: 'Diego M.' },
    { icon: TrendingUp, title: 'Nuevo récord', detail: 'Sentadilla 5×5', value: '+7,5 kg' },
  ]
  return (
    <div aria-hidden="true" className="hidden rounded-2xl border bg-background p-5 shadow-xl lg:block">
      <div className="flex items-center justify-between">
        <span className="text-sm font-semibold">Resumen de hoy</span>
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">Al día</span>
      </div>
      <ul className="mt-4 space-y-3">
        {rows.map((r) => (
          <li key={r.title} className="flex items-center gap-3 rounded-xl bg-muted/60 p-3">
            <span className="flex size-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <r.icon className="size-5" />
            </span>
            <span className="flex-1">
              <span className="block text-sm font-medium">{r.title}</span>
              <span className="block text-xs text-muted-foreground">{r.detail}</span>
            </span>
            <span className="text-sm font-semibold">{r.value}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
