import { z } from 'zod'

export const RoleSchema = z.enum(['member', 'trainer', 'gym_owner', 'admin', 'platform_admin'])
export type Role = z.infer<typeof RoleSchema>


export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(254)
  .pipe(z.email())

export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type User = z.infer<typeof UserSchema>

export const LoginSchema = z.strictObject({
  email: EmailSchema,
  password: z.string().min(1).max(200),
})
export type Login = z.infer<typeof LoginSchema>

export const TokenPairSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
})
export type TokenPair = z.infer<typeof TokenPairSchema>

export const LoginResponseSchema = TokenPairSchema.extend({ user: UserSchema })
export type LoginResponse = z.infer<typeof LoginResponseSchema>
