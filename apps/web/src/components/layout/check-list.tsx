import { Check } from 'lucide-react'

/** Plan benefits (up to 6 shown, spec §9), trial facts, audience points: a list with check marks. */
export function CheckList({
  items,
  max = 6,
  className = 'grid gap-2 text-sm',
  itemClassName = 'flex gap-2',
}: {
  items: readonly string[]
  max?: number
  className?: string
  itemClassName?: string
}) {
  return (
    <ul className={className}>
      {items.slice(0, max).map((item) => (
        <li key={item} className={itemClassName}>
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  )
}
