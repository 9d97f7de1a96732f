import { PASSWORD_RULES, type PasswordRule } from '@app/contracts'
import { SIGNUP_PASSWORD_MIN } from '@app/contracts/constants'
import { Check, X } from 'lucide-react'
import { cn } from '@/lib/utils'

const RULE_TEXTS: Record<PasswordRule, string> = {
  length: `Al menos ${SIGNUP_PASSWORD_MIN} caracteres`,
  lower: 'Una letra minúscula',
  upper: 'Una letra mayúscula',
  digit: 'Un número',
  symbol: 'Un carácter especial (!@#$%...)',
}

/** The live list of password requirements (spec §2), the same rules the server applies. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <ul id={id} className="grid gap-1 text-xs" aria-label="Requisitos de la contraseña">
      {PASSWORD_RULES.map((rule) => {
        const ok = rule.test(password)
        return (
          <li key={rule.key} className={cn('flex items-center gap-1.5', ok ? 'text-emerald-700' : 'text-muted-foreground')}>
            {ok ? <Check className="size-3.5" aria-hidden="true" /> : <X className="size-3.5" aria-hidden="true" />}
            <span>{RULE_TEXTS[rule.key]}</span>
            <span className="sr-only">{ok ? '(cumplido)' : '(pendiente)'}</span>
          </li>
        )
      })}
    </ul>
  )
}
