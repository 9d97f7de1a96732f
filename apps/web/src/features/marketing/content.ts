import { TRIAL_DAYS } from '@app/contracts/constants'
/**
 * Marketing copy that is not product data. Prices and plan contents come from GET /plans;
 * only facts the database does not hold live here.
 */
import { brand } from '@/lib/brand'

export const socialProof = [
  { value: '100+', label: 'entrenadores' },
  { value: '1.000+', label: 'clientes' },
  { value: '5k+', label: 'sesiones' },
  { value: '98%', label: 'satisfacción' },
] as const

export const landingAnchors = [
  { href: '#features', label: 'Características' },
  { href: '#pricing', label: 'Precios' },
  { href: '#testimonials', label: 'Testimonios' },
  { href: '#faq', label: 'FAQ' },
] as const

export const trialFacts = [
  `${TRIAL_DAYS} días de prueba gratis en todos los planes`,
  'Facturación mensual con renovación automática',
  'Cancela cuando quieras',
] as const

/** Business has no list price: it is agreed with sales (spec §9). */
export const businessPlanNote = 'Por acuerdo'
export const contactSalesLabel = 'Contactar ventas'
export const contactSalesHref = `mailto:${brand.salesEmail}?subject=${encodeURIComponent(`Plan Business de ${brand.name}`)}`

export const testimonials = [
  {
    name: 'Camila Rojas',
    role: 'Entrenadora personal · Santiago',
    quote: 'Antes perseguía transferencias a fin de mes. Ahora los cobros llegan solos y dedico ese tiempo a mis clientes.',
  },
  {
    name: 'Diego Muñoz',
    role: 'Entrenador funcional · Viña del Mar',
    quote: 'Mis clientes ven su rutina y su progreso en la app. Se nota en la constancia: faltan mucho menos a las sesiones.',
  },
  {
    name: 'Valentina Soto',
    role: 'Coach de running · Concepción',
    quote: 'Empecé con el plan Starter y en tres meses dupliqué mis alumnos sin sumar horas de trabajo administrativo.',
  },
] as const

export const carouselSlides = [
  { src: '/screenshots/agenda', title: 'Agenda del día', text: 'Tus sesiones, clientes y pagos pendientes de un vistazo.' },
  { src: '/screenshots/rutina', title: 'Rutina del cliente', text: 'Ejercicios, series y cargas que tu cliente sigue desde el teléfono.' },
  { src: '/screenshots/progreso', title: 'Progreso', text: 'Peso, medidas y marcas personales en gráficos fáciles de leer.' },
] as const
