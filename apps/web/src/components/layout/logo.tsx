import { Link } from 'react-router'
import { brand } from '@/lib/brand'

/** The brand mark and name, linking home: the one logo of every screen (light: no tailwind-merge). */
export function Logo({ suffix, className = '' }: { suffix?: string; className?: string }) {
  return (
    <Link to="/" className={`flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight ${className}`}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
        <rect width="32" height="32" rx="8" fill="currentColor" className="text-primary" />
        <path d="M9 16h3v-5h2v10h-2v-3H9zm9-5h2v3h3v-3h2v10h-2v-5h-3v5h-2z" fill="#fff" />
      </svg>
      <span>
        {brand.name}
        {suffix ? <span className="font-semibold text-primary"> {suffix}</span> : null}
      </span>
    </Link>
  )
}
