import type { TrainerCard as Card } from '@app/contracts'
import { Link } from 'react-router'
import { formatClp } from '@app/contracts/format-clp'
import { modalityLabel, ratingText, specialisationLabel } from '../lib/labels'
import { TrainerPhoto } from './public-frame'

/** One search result: links to the profile page. Server-rendered twin in the API's page.ts. */
export function TrainerCard({ trainer }: { trainer: Card }) {
  const place = [trainer.comuna, trainer.city].filter(Boolean).join(', ')
  return (
    <li className="rounded-xl border bg-card p-4">
      <Link to={`/entrenadores/${trainer.slug}`} className="flex gap-4 rounded-md">
        <TrainerPhoto url={trainer.photoUrl} firstName={trainer.firstName} lastName={trainer.lastName} size="sm" />
        <span className="grid min-w-0 gap-1">
          <span className="text-lg font-semibold">
            {trainer.firstName} {trainer.lastName}
          </span>
          {trainer.headline ? <span className="text-sm">{trainer.headline}</span> : null}
          <span className="text-sm text-muted-foreground">
            {[place, trainer.modalities.map(modalityLabel).join(' · ')].filter(Boolean).join(' — ')}
          </span>
          <span className="text-sm text-muted-foreground">{trainer.specialisations.map(specialisationLabel).join(', ')}</span>
          <span className="text-sm">
            {ratingText(trainer.rating)}
            {trainer.minPriceClp !== null ? ` · desde ${formatClp(trainer.minPriceClp)} al mes` : ''}
          </span>
        </span>
      </Link>
    </li>
  )
}
