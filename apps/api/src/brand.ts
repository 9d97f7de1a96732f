/** The product's name as mail and server-rendered pages show it (the web app has its own brand module). */
export const brand = {
  name: 'Entrenapp',
} as const
