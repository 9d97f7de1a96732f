import type {
  ClientCheckoutCreated,
  ClientInvitation,
  ClientInvitationCreate,
  ClientPortalSession,
  DateRangeQuery,
  GymCommissions,
  Income,
  InvitationConfirm,
  InvitationConfirmed,
  InvitationDetails,
  MySubscription,
  MySubscriptionList,
  Offer,
  OfferCreate,
  OfferList,
  OfferUpdate,
  OtpSent,
  Payment,
  PaymentList,
  TrainerClient,
  TrainerClientList,
} from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { downloadFile } from '@/lib/download'

// Client billing (issue 12), route table docs/client-billing.md. One query key per resource.

const enc = encodeURIComponent
const rangeQuery = (range: DateRangeQuery) => {
  const params = new URLSearchParams()
  if (range.from) params.set('from', range.from)
  if (range.to) params.set('to', range.to)
  const text = params.toString()
  return text ? `?${text}` : ''
}

export const billingKeys = {
  all: ['client-billing'] as const,
  offers: ['client-billing', 'offers'] as const,
  clients: ['client-billing', 'clients'] as const,
  payments: (range: DateRangeQuery) => ['client-billing', 'payments', range] as const,
  income: (range: DateRangeQuery) => ['client-billing', 'income', range] as const,
  commissions: (range: DateRangeQuery) => ['client-billing', 'commissions', range] as const,
  invitation: (token: string) => ['client-billing', 'invitation', token] as const,
  mySubscriptions: ['client-billing', 'my-subscriptions'] as const,
}

// ---- Trainer ----
export const getOffers = () => api.get<OfferList>('/trainer/offers')
export const createOffer = (body: OfferCreate) => api.post<Offer>('/trainer/offers', body)
export const updateOffer = (id: string, body: OfferUpdate) => api.patch<Offer>(`/trainer/offers/${enc(id)}`, body)
export const retireOffer = (id: string) => api.post<Offer>(`/trainer/offers/${enc(id)}/retire`)
export const inviteClient = (body: ClientInvitationCreate) => api.post<ClientInvitation>('/trainer/invitations', body)
export const revokeInvitation = (id: string) => api.post<ClientInvitation>(`/trainer/invitations/${enc(id)}/revoke`)
export const getClients = () => api.get<TrainerClientList>('/trainer/clients')
export const cancelClient = (id: string) => api.post<TrainerClient>(`/trainer/clients/${enc(id)}/cancel`)
export const getPayments = (range: DateRangeQuery) => api.get<PaymentList>(`/trainer/payments${rangeQuery(range)}`)
/** `amountClp` undefined: everything still refundable. */
export const refundPayment = (id: string, amountClp?: number) =>
  api.post<Payment>(`/trainer/payments/${enc(id)}/refunds`, amountClp === undefined ? {} : { amountClp })
export const getIncome = (range: DateRangeQuery) => api.get<Income>(`/trainer/income${rangeQuery(range)}`)

export const useOffers = () => useQuery({ queryKey: billingKeys.offers, queryFn: getOffers })
export const useClients = () => useQuery({ queryKey: billingKeys.clients, queryFn: getClients })
export const usePayments = (range: DateRangeQuery) => useQuery({ queryKey: billingKeys.payments(range), queryFn: () => getPayments(range) })
export const useIncome = (range: DateRangeQuery) => useQuery({ queryKey: billingKeys.income(range), queryFn: () => getIncome(range) })

// ---- Gym owner ----
export const getCommissions = (range: DateRangeQuery) => api.get<GymCommissions>(`/business/commissions${rangeQuery(range)}`)
export const useCommissions = (range: DateRangeQuery) =>
  useQuery({ queryKey: billingKeys.commissions(range), queryFn: () => getCommissions(range) })

// ---- CSV exports ----
export type CsvExport = 'payments' | 'ledger' | 'commissions'
const CSV_PATHS: Record<CsvExport, string> = {
  payments: '/trainer/payments.csv',
  ledger: '/trainer/ledger.csv',
  commissions: '/business/commissions.csv',
}

/** Saves the export as a file named after its kind and range. */
export const downloadCsv = (kind: CsvExport, range: DateRangeQuery) =>
  downloadFile(`${CSV_PATHS[kind]}${rangeQuery(range)}`, `${kind}_${range.from ?? 'start'}_${range.to ?? 'today'}.csv`)

// ---- Client (public Spanish pages) ----
export const getInvitation = (token: string) => api.get<InvitationDetails>(`/client-invitations/${enc(token)}`, { auth: false })
export const sendInvitationCode = (token: string) => api.post<OtpSent>(`/client-invitations/${enc(token)}/code`, undefined, { auth: false })
export const confirmInvitation = (token: string, body: InvitationConfirm) =>
  api.post<InvitationConfirmed>(`/client-invitations/${enc(token)}/confirm`, body, { auth: false })
export const startClientCheckout = (token: string, successRedirect: string, cancelRedirect: string) =>
  api.post<ClientCheckoutCreated>(`/client-invitations/${enc(token)}/checkout`, { successRedirect, cancelRedirect })
export const getMySubscriptions = () => api.get<MySubscriptionList>('/client/subscriptions')
export const openClientPortal = (id: string, returnUrl: string) =>
  api.post<ClientPortalSession>(`/client/subscriptions/${enc(id)}/portal`, { returnUrl })
/** One tap: stops renewing, the paid period runs to its end (decision 224). */
export const cancelMySubscription = (id: string) => api.post<MySubscription>(`/client/subscriptions/${enc(id)}/cancel`)
/** The 10-day withdrawal right: everything paid refunded, ended now (decision 224). */
export const withdrawMySubscription = (id: string) => api.post<MySubscription>(`/client/subscriptions/${enc(id)}/withdrawal`)

export const useInvitation = (token: string) =>
  useQuery({ queryKey: billingKeys.invitation(token), queryFn: () => getInvitation(token), retry: false })
export const useMySubscriptions = (enabled: boolean) =>
  useQuery({ queryKey: billingKeys.mySubscriptions, queryFn: getMySubscriptions, enabled })
