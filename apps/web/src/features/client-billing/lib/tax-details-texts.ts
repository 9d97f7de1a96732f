import type { Lang } from '@/lib/error-text'

// The "Datos para factura" card's words (decision 237). Mi suscripción is a Spanish page without
// i18next (decision 047), so the card carries both languages itself and is told which to show.

export const TAX_DETAILS_TEXT: Record<
  Lang,
  {
    title: string
    description: string
    rut: string
    rutHint: string
    legalName: string
    legalNameHint: string
    activity: string
    save: string
    clear: string
    saved: string
    cleared: string
    saveFailed: string
    clearFailed: string
    loading: string
    loadFailed: string
    retry: string
  }
> = {
  es: {
    title: 'Datos para factura',
    description:
      'Si necesitas factura por lo que pagas, ingresa estos datos una vez: tu entrenador o gimnasio los verá junto a tus pagos para emitírtela.',
    rut: 'RUT',
    rutHint: 'Con o sin puntos y guion, p. ej. 76.086.428-5',
    legalName: 'Razón social',
    legalNameHint: 'Si eres persona natural con giro, tu nombre completo',
    activity: 'Giro',
    save: 'Guardar',
    clear: 'Quitar datos',
    saved: 'Datos para factura guardados',
    cleared: 'Datos para factura quitados',
    saveFailed: 'No se pudieron guardar los datos para factura',
    clearFailed: 'No se pudieron quitar los datos para factura',
    loading: 'Cargando datos para factura…',
    loadFailed: 'No se pudieron cargar los datos para factura',
    retry: 'Reintentar',
  },
  en: {
    title: 'Invoice details',
    description:
      'If you need a factura for what you pay, enter these details once: your trainer or gym will see them beside your payments to issue it to you.',
    rut: 'RUT',
    rutHint: 'With or without dots and dash, e.g. 76.086.428-5',
    legalName: 'Legal name (razón social)',
    legalNameHint: 'If you are a sole trader (persona natural con giro), your full name',
    activity: 'Business activity (giro)',
    save: 'Save',
    clear: 'Remove details',
    saved: 'Invoice details saved',
    cleared: 'Invoice details removed',
    saveFailed: 'Could not save the invoice details',
    clearFailed: 'Could not remove the invoice details',
    loading: 'Loading invoice details…',
    loadFailed: 'Could not load the invoice details',
    retry: 'Try again',
  },
}
