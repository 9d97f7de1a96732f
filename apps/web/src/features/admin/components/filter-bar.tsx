import { Search, X } from 'lucide-react'
import type { FormEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from './native-select'

export type FilterField =
  | { name: string; label: string; kind: 'text'; placeholder?: string }
  | { name: string; label: string; kind: 'date' }
  | { name: string; label: string; kind: 'select'; options: { value: string; label: string }[] }

/**
 * A list's filters, kept in the page URL (a filtered list can be reloaded, shared and exported as
 * it is). Applied together on submit, so the server is asked once per change.
 */
export function FilterBar({ fields, actions }: { fields: FilterField[]; actions?: ReactNode }) {
  const { t } = useTranslation('admin')
  const [search, setSearch] = useSearchParams()

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const next = new URLSearchParams()
    for (const field of fields) {
      const value = String(data.get(field.name) ?? '').trim()
      if (value) next.set(field.name, value)
    }
    setSearch(next)
  }

  return (
    // A new key when the URL changes (back button, "clear"): the fields show what is applied.
    <form
      key={search.toString()}
      role="search"
      aria-label={t('filters.label')}
      onSubmit={onSubmit}
      className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))]"
    >
      {fields.map((field) =>
        field.kind === 'select' ? (
          <FormField
            key={field.name}
            label={field.label}
            render={(aria) => (
              <NativeSelect {...aria} name={field.name} defaultValue={search.get(field.name) ?? ''}>
                <option value="">{t('filters.all')}</option>
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        ) : (
          <FormField
            key={field.name}
            label={field.label}
            name={field.name}
            type={field.kind === 'date' ? 'date' : 'search'}
            placeholder={field.kind === 'text' ? field.placeholder : undefined}
            defaultValue={search.get(field.name) ?? ''}
          />
        ),
      )}
      <div className="flex flex-wrap items-end gap-2 sm:col-span-full">
        <Button type="submit">
          <Search aria-hidden="true" />
          {t('filters.apply')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setSearch(new URLSearchParams())} disabled={!search.toString()}>
          <X aria-hidden="true" />
          {t('filters.clear')}
        </Button>
        {actions}
      </div>
    </form>
  )
}
