import { LoginSchema } from '@app/contracts'

/**
 * The one login form (business and trainer sign-in): the contract's LoginSchema, where a
 * password of spaces only counts as empty (spec §5).
 */
export const LoginFormSchema = LoginSchema.extend({
  password: LoginSchema.shape.password.refine((v) => v.trim().length > 0, { error: 'required' }),
})
