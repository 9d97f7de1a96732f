import { RefundRequestSchema } from '@app/contracts'
import { z } from 'zod'

/** What is left to refund of a payment. */
export const refundable = (payment: { amountClp: number; refundedClp: number }) => Math.max(0, payment.amountClp - payment.refundedClp)

/**
 * The refund form: whole (no amount sent) or part (the contract's amount, never above what
 * remains: the server checks it too, this only says it before asking).
 */
export const refundFormSchema = (remaining: number) =>
  z
    .object({ kind: z.enum(['whole', 'part']), amountClp: RefundRequestSchema.shape.amountClp })
    .superRefine((value, ctx) => {
      if (value.kind !== 'part') return
      if (value.amountClp === undefined || Number.isNaN(value.amountClp))
        ctx.addIssue({ code: 'custom', path: ['amountClp'], message: 'required' })
      else if (value.amountClp > remaining) ctx.addIssue({ code: 'custom', path: ['amountClp'], message: 'tooBig' })
    })
    .transform((value) => ({ amountClp: value.kind === 'whole' ? undefined : value.amountClp }))
