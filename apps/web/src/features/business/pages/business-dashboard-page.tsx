import type { Trainer, TrainerCreated } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { Building2, LogOut, Plus, UserCog, UserPlus, Users, Zap } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useLocation, useNavigate } from 'react-router'
import { Logo } from '@/components/layout/logo'
import { ConsentPrompt } from '@/components/account/consent-prompt'
import { LanguageSwitch } from '@/components/layout/language-switch'
import { PageLoading } from '@/components/layout/page-loading'
import { RouteAnnouncer } from '@/components/layout/route-announcer'
import { SkipLink } from '@/components/layout/skip-link'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { isBusinessUser } from '@/lib/session'
import { useScrollToHash } from '@/lib/use-scroll-to-hash'
import { useSession } from '@/lib/use-session'
import { useFormat } from '@/lib/i18n'
import { ClientAdherenceTable } from '../components/client-adherence-table'
import { EmailVerificationBanner } from '../components/email-verification-banner'
import { GeneratedPasswordDialog } from '../components/generated-password-dialog'
import { GymDialog } from '../components/gym-dialog'
import { GymPanel } from '../components/gym-panel'
import { StatCard, StatValue } from '../components/stat-card'
import { TrainerDialog } from '../components/trainer-dialog'
import { TrainerPanel } from '../components/trainer-panel'
import { useMyGym, useTrainers } from '../hooks/use-business-data'

/** The sections of the payments tab that links name. */
const PAYMENTS_ANCHORS = new Set(['#statement', '#tax-start', '#tax-details'])

/** `paymentsTab`: the 'Payments & Commissions' tab, mounted by the route (features/client-billing). */
export function BusinessDashboardPage({ paymentsTab }: { paymentsTab?: { label: ReactNode; content: ReactNode } } = {}) {
  const { t } = useTranslation('business', { keyPrefix: 'dashboard' })
  usePageMeta(t('metaTitle'), t('metaDescription'))
  const { number } = useFormat()
  const { user, isLoading, logout } = useSession()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // Mails link to sections of the payments tab (#statement, #tax-start): open on it.
  const { hash } = useLocation()
  const [tab, setTab] = useState(() => (paymentsTab && PAYMENTS_ANCHORS.has(hash) ? 'payments' : 'gym'))
  useScrollToHash()
  const [gymDialogOpen, setGymDialogOpen] = useState(false)
  const [trainerDialog, setTrainerDialog] = useState<{ open: boolean; trainer: Trainer | null }>({ open: false, trainer: null })
  const [created, setCreated] = useState<TrainerCreated | null>(null)

  const signedIn = isBusinessUser(user?.role)
  const gymQuery = useMyGym(signedIn)
  const gym = gymQuery.data ?? null
  const trainersQuery = useTrainers(gym?.id)
  const trainers = trainersQuery.data ?? []

  if (isLoading && !user) return <PageLoading label={t('loading')} />
  if (!signedIn) return <Navigate to="/business/login" replace />

  const onLogout = async () => {
    await logout()
    queryClient.removeQueries({ queryKey: ['business'] })
    navigate('/business/login', { replace: true })
  }
  const openNewGym = () => {
    setTab('gym')
    setGymDialogOpen(true)
  }
  // Quick Actions work (docs/decisions/040): each opens its dialog on its tab.
  const openTrainer = (trainer: Trainer | null) => {
    setTab('trainers')
    setTrainerDialog({ open: true, trainer })
  }

  const pending = '…'
  const format = (count: number | string) => (typeof count === 'number' ? number(count) : count)
  const gymCount = gymQuery.isPending ? pending : gym ? 1 : 0
  const trainerCount = !gym ? (gymQuery.isPending ? pending : 0) : trainersQuery.isPending ? pending : trainers.length

  return (
    <div className="min-h-dvh bg-muted/40">
      <SkipLink />
      <RouteAnnouncer />
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <div className="min-w-0">
            <Logo suffix="Business" />
            <h1 className="text-xl font-bold sm:text-2xl">{t('welcome', { firstName: user!.firstName, lastName: user!.lastName })}</h1>
          </div>
          <div className="flex flex-wrap items-center justify-end gap-2">
            <LanguageSwitch />
            <Button asChild variant="ghost">
              <Link to="/cuenta">
                <UserCog aria-hidden="true" />
                {t('myAccount')}
              </Link>
            </Button>
            <Button variant="outline" onClick={onLogout}>
              <LogOut aria-hidden="true" />
              {t('logout')}
            </Button>
          </div>
        </div>
      </header>

      <main id="main" tabIndex={-1} className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6">
        <EmailVerificationBanner user={user!} />
        <ConsentPrompt />
        <section aria-label={t('summary')} className="grid grid-cols-2 gap-4 lg:grid-cols-3">
          <StatCard title={t('gyms')} icon={Building2}>
            <StatValue testId="gym-count" value={format(gymCount)} note={gym ? gym.name : t('noGymYet')} />
          </StatCard>
          <StatCard title={t('trainers')} icon={Users}>
            <StatValue
              testId="trainer-count"
              value={format(trainerCount)}
              note={gym ? t('activeTrainers', { count: trainers.filter((trainer) => trainer.isActive).length }) : t('createGymFirst')}
            />
          </StatCard>
          <StatCard title={t('quickActions')} icon={Zap} className="col-span-2 lg:col-span-1">
            <Button size="sm" onClick={openNewGym} disabled={gymQuery.isPending || Boolean(gym)}>
              <Plus aria-hidden="true" />
              {t('addNewGym')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => openTrainer(null)} disabled={!gym}>
              <UserPlus aria-hidden="true" />
              {t('addTrainer')}
            </Button>
          </StatCard>
        </section>

        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-fit">
            <TabsTrigger value="gym">{t('gymTab')}</TabsTrigger>
            <TabsTrigger value="trainers">{t('trainerTab')}</TabsTrigger>
            {paymentsTab ? (
              <TabsTrigger value="payments" className="col-span-2">
                {paymentsTab.label}
              </TabsTrigger>
            ) : null}
          </TabsList>
          <TabsContent value="gym" className="grid gap-4">
            <GymPanel gymQuery={gymQuery} onCreate={() => setGymDialogOpen(true)} onEdit={() => setGymDialogOpen(true)} />
          </TabsContent>
          <TabsContent value="trainers" className="grid gap-4">
            <TrainerPanel gymQuery={gymQuery} trainersQuery={trainersQuery} onAdd={() => openTrainer(null)} onEdit={openTrainer} />
            <ClientAdherenceTable gymId={gym?.id} />
          </TabsContent>
          {paymentsTab ? <TabsContent value="payments">{paymentsTab.content}</TabsContent> : null}
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
    </div>
  )
}
