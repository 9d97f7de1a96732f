import type { User } from '@app/contracts'

/** The operator the console's unit tests sign in as (English, so that texts are the English ones). */
export const operator = {
  id: 'u1',
  email: 'ops@example.com',
  firstName: 'Ops',
  lastName: 'One',
  role: 'platform_admin',
  isActive: true,
  emailVerified: true,
  language: 'en',
  createdAt: '',
  updatedAt: '',
} satisfies User
