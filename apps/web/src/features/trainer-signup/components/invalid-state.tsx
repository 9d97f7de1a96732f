import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'

/** Shown when a step is opened without the state the previous step leaves behind. */
export function InvalidState({ message, to, action }: { message: string; to: string; action: string }) {
  return (
    <div className="grid gap-4">
      <ErrorAlert>{message}</ErrorAlert>
      <Button asChild>
        <Link to={to}>{action}</Link>
      </Button>
    </div>
  )
}
