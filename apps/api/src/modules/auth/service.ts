import { BUSINESS_ROLES, type Login, type LoginResponse } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import { unprocessable } from '../../errors.ts'
import { findUserByEmail, hashPassword, toUser, verifyPassword } from '../users/service.ts'
import { startSession } from './sessions.ts'

// Verified against when the e-mail is unknown so that both answers take as long.
let dummyHash: Promise<string> | undefined
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password'))

export async function login(app: FastifyInstance, input: Login, flavour: 'email' | 'business'): Promise<LoginResponse> {
  const user = await findUserByEmail(app.db, input.email)
  if (!user) {
    await verifyPassword(await getDummyHash(), input.password)
    throw unprocessable({ email: 'notFound' }, 'No account is registered with this e-mail')
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw unprocessable({ password: 'incorrectPassword' }, 'Incorrect password')
  }
  if (!user.isActive) throw unprocessable({ email: 'inactive' }, 'This account is disabled')
  if (flavour === 'business' && !BUSINESS_ROLES.includes(user.role)) {
    throw unprocessable(
      { email: 'notBusinessAccount' },
      'This account is not a business account. Trainers and clients sign in at /auth/login.',
    )
  }
  const pair = await startSession(app.db, app.tokens, user, app.config.REFRESH_TOKEN_TTL)
  return { ...pair, user: toUser(user) }
}
