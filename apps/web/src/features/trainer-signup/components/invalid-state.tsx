import { AlertCircle } from 'lucide-react'
import { Link } from 'react-router'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'

/** Shown when a step is opened without the state the previous step leaves behind. */
export function InvalidState({ message, to, action }: { message: string; to: string; action: string }) {
  return (
    <div className="grid gap-4">
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertDescription>{message}</AlertDescription>
      </Alert>
      <Button asChild>
        <Link to={to}>{action}</Link>
      </Button>
    </div>
  )
}
