import { BarChart3, CalendarDays, ClipboardList, CreditCard, LineChart, Smartphone } from 'lucide-react'

const features = [
  {
    icon: CreditCard,
    title: 'Cobros automáticos',
    text: 'Tus clientes pagan su mensualidad con tarjeta y el cobro se repite solo cada mes.',
  },
  {
    icon: ClipboardList,
    title: 'Rutinas personalizadas',
    text: 'Arma rutinas con series, repeticiones y cargas, y compártelas al instante.',
  },
  { icon: LineChart, title: 'Seguimiento de progreso', text: 'Peso, medidas y marcas personales de cada cliente en un solo historial.' },
  { icon: Smartphone, title: 'App móvil', text: 'Tú y tus clientes tienen todo en el bolsillo: rutinas, sesiones y pagos.' },
  { icon: CalendarDays, title: 'Agenda y reservas', text: 'Tus clientes reservan sus sesiones y reciben recordatorios automáticos.' },
  { icon: BarChart3, title: 'Métricas de negocio', text: 'Ingresos, clientes activos y asistencia para decidir con datos.' },
]

export function Features() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
        <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
          Características
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-muted-foreground">
          Todo lo que necesitas para gestionar y hacer crecer tu negocio de entrenamiento.
        </p>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((f) => (
            <li key={f.title} className="rounded-2xl border bg-card p-6">
              <f.icon className="size-8 text-primary" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold">{f.title}</h3>
              <p className="mt-2 text-muted-foreground">{f.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
