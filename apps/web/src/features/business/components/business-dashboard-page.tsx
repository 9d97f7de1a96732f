import type { Gym, Trainer, TrainerCreated } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Building2, Dumbbell, LogOut, Mail, MapPin, Pencil, Phone, Plus, UserPlus, Users, Zap } from 'lucide-react'
import { useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { PageLoading } from '@/components/layout/page-loading'
import { usePageMeta } from '@/components/layout/page-title'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { brand } from '@/lib/brand'
import { useSession } from '@/lib/use-session'
import { deleteTrainer } from '../api/business-api'
import { businessKeys, useMyGym, useTrainers } from '../hooks/use-business-data'
import { isBusinessUser } from './business-login-page'
import { EmailVerificationBanner } from './email-verification-banner'
import { IconDetail } from './icon-detail'
import { GeneratedPasswordDialog } from './generated-password-dialog'
import { GymDialog } from './gym-dialog'
import { TrainerCard } from './trainer-card'
import { TrainerDialog } from './trainer-dialog'

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert variant="destructive" className="border-red-300 bg-red-50 text-red-800">
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
        <span>{message}</span>
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  )
}

function GymCard({ gym, onEdit }: { gym: Gym; onEdit: () => void }) {
  return (
    <Card data-testid="gym-card">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-xl font-semibold">{gym.name}</h3>
            <Badge variant={gym.isActive ? 'success' : 'secondary'}>{gym.isActive ? 'Active' : 'Inactive'}</Badge>
          </div>
          {gym.description && <CardDescription className="mt-1">{gym.description}</CardDescription>}
        </div>
        <Button variant="outline" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit Gym
        </Button>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <IconDetail icon={MapPin} label="Address" top>
            {gym.address}, {gym.city}, {gym.state} {gym.zipCode}
          </IconDetail>
          <IconDetail icon={Phone} label="Phone">
            {gym.phone}
          </IconDetail>
          <IconDetail icon={Mail} label="Email" className="min-w-0 break-all">
            {gym.email}
          </IconDetail>
        </dl>
      </CardContent>
    </Card>
  )
}

function EmptyState({ icon, title, hint, action }: { icon: React.ReactNode; title: string; hint?: string; action?: React.ReactNode }) {
  return (
    <Card className="items-center px-6 py-12 text-center">
      <div className="rounded-full bg-muted p-3 text-muted-foreground">{icon}</div>
      <div>
        <h3 className="text-lg font-semibold">{title}</h3>
        {hint && <p className="mt-1 text-sm text-muted-foreground">{hint}</p>}
      </div>
      {action}
    </Card>
  )
}

export function BusinessDashboardPage() {
  usePageMeta('Business Dashboard', 'Manage your gym and its trainers.')
  const { user, isLoading, logout } = useSession()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [tab, setTab] = useState('gym')
  const [gymDialogOpen, setGymDialogOpen] = useState(false)
  const [trainerDialog, setTrainerDialog] = useState<{ open: boolean; trainer: Trainer | null }>({ open: false, trainer: null })
  const [created, setCreated] = useState<TrainerCreated | null>(null)
  const [toDelete, setToDelete] = useState<Trainer | null>(null)

  const signedIn = isBusinessUser(user?.role)
  const gymQuery = useMyGym(signedIn)
  const gym = gymQuery.data ?? null
  const trainersQuery = useTrainers(gym?.id)
  const trainers = trainersQuery.data ?? []

  const remove = useMutation({
    mutationFn: (trainer: Trainer) => deleteTrainer(trainer.id),
    onSuccess: async () => {
      toast.success('Success', { description: 'Trainer deleted successfully!' })
      setToDelete(null)
      await queryClient.invalidateQueries({ queryKey: businessKeys.trainers(gym?.id) })
    },
    onError: () => toast.error('Error', { description: 'Failed to delete trainer. Please try again.' }),
  })

  if (isLoading && !user) return <PageLoading label="Loading..." />
  if (!signedIn) return <Navigate to="/business/login" replace />

  const onLogout = async () => {
    await logout()
    queryClient.removeQueries({ queryKey: ['business'] })
    navigate('/business/login', { replace: true })
  }
  const openNewTrainer = () => {
    setTab('trainers')
    setTrainerDialog({ open: true, trainer: null })
  }

  const gymCount = gymQuery.isPending ? '…' : gym ? 1 : 0
  const trainerCount = !gym ? (gymQuery.isPending ? '…' : 0) : trainersQuery.isPending ? '…' : trainers.length

  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <div className="min-w-0">
            <p className="flex items-center gap-2 text-sm font-semibold text-primary">
              <Dumbbell className="size-4" aria-hidden="true" />
              {brand.name} Business
            </p>
            <h1 className="text-xl font-bold sm:text-2xl">
              Welcome, {user!.firstName} {user!.lastName}
            </h1>
          </div>
          <Button variant="outline" onClick={onLogout} className="shrink-0">
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </div>
      </header>

      <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6">
        <EmailVerificationBanner user={user!} />
        <section aria-label="Summary" className="grid grid-cols-2 gap-4 lg:grid-cols-3">
          <Card className="min-w-0 gap-2">
            <CardHeader className="flex flex-row items-center justify-between">
              <CardTitle className="text-sm font-medium">Gyms</CardTitle>
              <Building2 className="size-4 text-muted-foreground" aria-hidden="true" />
            </CardHeader>
            <CardContent>
              <p className="text-3xl font-bold" data-testid="gym-count">
                {gymCount}
              </p>
              <p className="truncate text-xs text-muted-foreground">{gym ? gym.name : 'No gym yet'}</p>
            </CardContent>
          </Card>
          <Card className="min-w-0 gap-2">
            <CardHeader className="flex flex-row items-center justify-between">
              <CardTitle className="text-sm font-medium">Trainers</CardTitle>
              <Users className="size-4 text-muted-foreground" aria-hidden="true" />
            </CardHeader>
            <CardContent>
              <p className="text-3xl font-bold" data-testid="trainer-count">
                {trainerCount}
              </p>
              <p className="text-xs text-muted-foreground">{gym ? `${trainers.filter((t) => t.isActive).length} active` : 'Create a gym to add trainers'}</p>
            </CardContent>
          </Card>
          <Card className="col-span-2 gap-2 lg:col-span-1">
            <CardHeader className="flex flex-row items-center justify-between">
              <CardTitle className="text-sm font-medium">Quick Actions</CardTitle>
              <Zap className="size-4 text-muted-foreground" aria-hidden="true" />
            </CardHeader>
            <CardContent className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => (setTab('gym'), setGymDialogOpen(true))} disabled={gymQuery.isPending || Boolean(gym)}>
                <Plus aria-hidden="true" />
                Add New Gym
              </Button>
              <Button size="sm" variant="outline" onClick={openNewTrainer} disabled={!gym}>
                <UserPlus aria-hidden="true" />
                Add Trainer
              </Button>
            </CardContent>
          </Card>
        </section>

        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="w-full sm:w-fit">
            <TabsTrigger value="gym">Gym Management</TabsTrigger>
            <TabsTrigger value="trainers">Trainer Management</TabsTrigger>
          </TabsList>

          <TabsContent value="gym" className="grid gap-4">
            <div>
              <h2 className="text-xl font-semibold">Gym Management</h2>
              <p className="text-sm text-muted-foreground">Manage your gym information and settings</p>
            </div>
            {gymQuery.isPending ? (
              <p role="status" className="py-8 text-center text-muted-foreground">
                Loading gym...
              </p>
            ) : gymQuery.isError ? (
              <LoadError message="Failed to load gym. Please try again." onRetry={() => gymQuery.refetch()} />
            ) : gym ? (
              <GymCard gym={gym} onEdit={() => setGymDialogOpen(true)} />
            ) : (
              <EmptyState
                icon={<Building2 className="size-6" aria-hidden="true" />}
                title="No gym found"
                hint="Create your gym to start managing trainers."
                action={
                  <Button onClick={() => setGymDialogOpen(true)}>
                    <Plus aria-hidden="true" />
                    Create Gym
                  </Button>
                }
              />
            )}
          </TabsContent>

          <TabsContent value="trainers" className="grid gap-4">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div>
                <h2 className="text-xl font-semibold">Trainer Management</h2>
                <p className="text-sm text-muted-foreground">Manage trainers for your gym</p>
              </div>
              <Button onClick={openNewTrainer} disabled={!gym}>
                <UserPlus aria-hidden="true" />
                Add New Trainer
              </Button>
            </div>
            {gymQuery.isPending ? (
              <p role="status" className="py-8 text-center text-muted-foreground">
                Loading trainers...
              </p>
            ) : gymQuery.isError ? (
              <LoadError message="Failed to load gym information. Please try again." onRetry={() => gymQuery.refetch()} />
            ) : !gym ? (
              <EmptyState icon={<Building2 className="size-6" aria-hidden="true" />} title="Please create a gym first to manage trainers" />
            ) : trainersQuery.isPending ? (
              <p role="status" className="py-8 text-center text-muted-foreground">
                Loading trainers...
              </p>
            ) : trainersQuery.isError ? (
              <LoadError message="Failed to load trainers. Please try again." onRetry={() => trainersQuery.refetch()} />
            ) : trainers.length === 0 ? (
              <EmptyState icon={<Users className="size-6" aria-hidden="true" />} title="No trainers found" hint="Get started by adding your first trainer." />
            ) : (
              <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label="Trainers" data-testid="trainer-grid">
                {trainers.map((trainer) => (
                  <li key={trainer.id} className="grid">
                    <TrainerCard trainer={trainer} onEdit={() => setTrainerDialog({ open: true, trainer })} onDelete={() => setToDelete(trainer)} />
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
        </Tabs>
      </main>

      <GymDialog open={gymDialogOpen} onOpenChange={setGymDialogOpen} gym={gym} />
      {gym && (
        <TrainerDialog
          open={trainerDialog.open}
          onOpenChange={(open) => setTrainerDialog((s) => ({ ...s, open }))}
          gym={gym}
          trainer={trainerDialog.trainer}
          onCreated={(trainer) => trainer.generatedPassword && setCreated(trainer)}
        />
      )}
      <GeneratedPasswordDialog trainer={created} onClose={() => setCreated(null)} />
      <AlertDialog open={Boolean(toDelete)} onOpenChange={(open) => !open && !remove.isPending && setToDelete(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete Trainer</AlertDialogTitle>
            <AlertDialogDescription>
              Are you sure you want to delete {toDelete?.firstName} {toDelete?.lastName}?
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-white hover:bg-destructive/90"
              disabled={remove.isPending}
              onClick={(e) => {
                e.preventDefault()
                if (toDelete) remove.mutate(toDelete)
              }}
            >
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  )
}
