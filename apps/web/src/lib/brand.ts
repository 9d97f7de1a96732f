/** The product's identity: every screen and e-mail reads it from here. */
export const brand = {
  name: 'Entrenapp',
  tagline: 'La plataforma para entrenadores personales y gimnasios',
  salesEmail: 'ventas@entrenapp.cl',
  supportEmail: 'soporte@entrenapp.cl',
  /** Chat with sales (WhatsApp). */
  chatUrl: 'https://wa.me/56900000000',
  appStoreUrl: 'https://apps.apple.com/cl/app/entrenapp/id0000000000',
  playStoreUrl: 'https://play.google.com/store/apps/details?id=cl.entrenapp',
  country: 'Chile',
} as const
