/** The product's name as mail and server-rendered pages show it (the web app has its own brand module). */
export const brand = {
  name: 'Entrenapp',
  /** The name where it is an identifier: package name, JWT issuer, rate-limit keys, the payment provider's app info. */
  slug: 'entrenapp',
} as const

/** The issuer of every JWT this API signs and accepts (access, refresh and signup tokens). */
export const JWT_ISSUER = brand.slug
