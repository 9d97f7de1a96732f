import { TRIAL_DAYS } from '@app/contracts/constants'
import type { Plan } from '@app/contracts'
import { ChevronDown } from 'lucide-react'
import type { ReactNode } from 'react'
import { brand } from '@/lib/brand'
import { usePlansCatalogue } from '@/lib/plans'
import { formatClp } from '@app/contracts/format-clp'

export interface FaqItem {
  question: string
  answer: ReactNode
}

/**
 * Native <details>: each item opens and closes on its own and several can be open at once,
 * with keyboard support and no script.
 */
export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y rounded-2xl border bg-card">
      {items.map((item) => (
        <details key={item.question} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-medium hover:bg-accent/60 [&::-webkit-details-marker]:hidden">
            {item.question}
            <ChevronDown className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden="true" />
          </summary>
          <div className="px-5 pb-5 text-muted-foreground">{item.answer}</div>
        </details>
      ))}
    </div>
  )
}

/** "Starter $19.000, Growth $48.000 y Pro $75.000 CLP al mes", from GET /plans. */
function PriceSummary({ plans }: { plans: Plan[] | undefined }) {
  const priced = (plans ?? []).filter((p) => p.priceClp !== null)
  if (!priced.length) return <>Revisa la sección de precios para ver el valor mensual de cada plan.</>
  const parts = priced.map((p) => `${p.title} ${formatClp(p.priceClp!)}`)
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}` : parts[0]
  return <>Los planes cuestan {list} CLP al mes. Business tiene un precio por acuerdo según el tamaño de tu gimnasio.</>
}

export function usePricingFaq(): FaqItem[] {
  const { data: plans } = usePlansCatalogue()
  return [
    { question: '¿Cuánto cuesta cada plan?', answer: <PriceSummary plans={plans} /> },
    {
      question: '¿Cómo funciona la prueba gratuita?',
      answer: `Todos los planes incluyen ${TRIAL_DAYS} días gratis. Si cancelas antes de que termine la prueba, no se te cobra nada.`,
    },
    {
      question: '¿Puedo cancelar en cualquier momento?',
      answer:
        'Sí. Los planes se cobran mes a mes y se renuevan automáticamente; puedes cancelar cuando quieras y no se te cobrará el mes siguiente.',
    },
    {
      question: '¿Cómo contrato el plan Business para mi gimnasio?',
      answer: (
        <>
          Escríbenos a{' '}
          <a className="font-medium text-primary underline" href={`mailto:${brand.salesEmail}`}>
            {brand.salesEmail}
          </a>{' '}
          o por{' '}
          <a className="font-medium text-primary underline" href={brand.chatUrl} target="_blank" rel="noopener noreferrer">
            chat
          </a>{' '}
          y armamos un plan a tu medida.
        </>
      ),
    },
  ]
}

export function useLandingFaq(): FaqItem[] {
  const pricing = usePricingFaq()
  return [
    pricing[1]!,
    pricing[0]!,
    pricing[2]!,
    {
      question: 'Ya uso la app móvil. ¿Necesito otra cuenta?',
      answer: 'No. Ingresa con la misma cuenta de la app para mejorar tu plan y usar el panel web.',
    },
    {
      question: '¿Cómo se procesan los pagos de mis clientes?',
      answer:
        'Los pagos con tarjeta los procesa un proveedor de pagos certificado; nosotros nunca almacenamos números de tarjeta. La comisión por transacción es del 5%.',
    },
    {
      question: '¿En qué países está disponible?',
      answer: 'Por ahora, solo en Chile.',
    },
    pricing[3]!,
  ]
}

export function FaqSection() {
  const items = useLandingFaq()
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-16 mx-auto max-w-3xl px-4 py-16 sm:px-6 md:py-24">
      <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
        Preguntas frecuentes
      </h2>
      <div className="mt-10">
        <FaqList items={items} />
      </div>
    </section>
  )
}
