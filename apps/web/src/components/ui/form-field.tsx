import { useId, type ComponentProps, type ReactNode } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

export interface FieldAria {
  id: string
  'aria-invalid'?: true
  'aria-describedby'?: string
}

interface FormFieldProps extends ComponentProps<'input'> {
  label: ReactNode
  /** The person's text (lib/error-text.ts), shown under the field and announced. */
  error?: string
  hint?: ReactNode
  /** Classes of the wrapper (grid cell). */
  containerClassName?: string
  /** Another control than <input> (a textarea, a select): it gets the id and aria attributes. */
  render?: (aria: FieldAria) => ReactNode
}

/** A labelled control with its hint and error, tied to it by ids for screen readers. */
export function FormField({ label, error, hint, id, containerClassName, render, ...props }: FormFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const aria: FieldAria = {
    id: inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined,
  }
  return (
    <div className={cn('grid content-start gap-2', containerClassName)}>
      <Label htmlFor={inputId}>{label}</Label>
      {render ? render(aria) : <Input {...aria} {...props} />}
      {hint ? (
        <div id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive-strong" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
