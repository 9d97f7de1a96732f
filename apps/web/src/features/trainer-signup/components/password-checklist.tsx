import { PASSWORD_RULES, type PasswordRule } from '@app/contracts'
import { SIGNUP_PASSWORD_MIN } from '@app/contracts/constants'
import { Check, X } from 'lucide-react'

const RULE_TEXTS: Record<PasswordRule, string> = {
  length: `Al menos ${SIGNUP_PASSWORD_MIN} caracteres`,
  lower: 'Una letra minúscula',
  upper: 'Una letra mayúscula',
  digit: 'Un número',
  symbol: 'Un carácter especial (!@#$%...)',
}

/**
 * The live list of password requirements (spec §2), the same rules the server applies.
 * Each item's look follows its `data-ok` alone, and carries its rule's pattern (`data-rule`): on the
 * prerendered sign-up page, public/early-clicks.js ticks the items as the person types, before the
 * app has started (decision 205). The field names this list in its aria-describedby.
 */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <ul id={id} className="grid gap-1 text-xs" aria-label="Requisitos de la contraseña">
      {PASSWORD_RULES.map((rule) => (
        <li
          key={rule.key}
          data-rule={rule.pattern.source}
          data-ok={rule.test(password)}
          className="group flex items-center gap-1.5 text-muted-foreground data-[ok=true]:text-emerald-700"
        >
          <Check className="hidden size-3.5 group-data-[ok=true]:block" aria-hidden="true" />
          <X className="size-3.5 group-data-[ok=true]:hidden" aria-hidden="true" />
          <span>{RULE_TEXTS[rule.key]}</span>
          <span className="sr-only group-data-[ok=true]:hidden">(pendiente)</span>
          <span className="sr-only hidden group-data-[ok=true]:inline">(cumplido)</span>
        </li>
      ))}
    </ul>
  )
}
