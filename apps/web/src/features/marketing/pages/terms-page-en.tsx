import { RENEWAL_NOTICE_DAYS, TRIAL_DAYS, WITHDRAWAL_DAYS } from '@app/contracts/constants'
import { Link } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { brand } from '@/lib/brand'
import { LEGAL_PAGES } from '@/lib/legal-pages'
import { LegalDocument, mail, type LegalSection } from '../components/legal-layout'

// The English version of terms-page.tsx (decision 231): the same sections, ids and facts, for the
// people of the English screens. A change to one is a change to both (legal-versions.test.tsx).

/** The sections of terms-page.tsx in English: same ids, same order. */
export const termsSectionsEn: LegalSection[] = [
  {
    id: 'aceptacion',
    title: 'Acceptance',
    body: (
      <p>
        By creating an account or using the {brand.name} web platform or mobile app, you accept these terms and our{' '}
        <Link className="text-primary underline" to={LEGAL_PAGES.en.privacy}>
          Privacy policy
        </Link>
        . If you do not agree, do not use the service.
      </p>
    ),
  },
  {
    id: 'servicio',
    title: 'The service',
    body: (
      <p>
        {brand.name} is a platform that connects personal trainers, gyms and clients. It lets them collect monthly fees on a recurring
        basis, create workout routines, record progress and book sessions. {brand.name} does not provide training or health services: each
        trainer or gym is responsible for the services it offers its clients.
      </p>
    ),
  },
  {
    id: 'cuentas',
    title: 'Accounts',
    body: (
      <ul>
        <li>
          You must be at least <strong>16 years old</strong> to create an account.
        </li>
        <li>The information you give us must be true and kept up to date.</li>
        <li>
          You are responsible for keeping your password secret and for the activity on your account. Tell us at once at {mail} if you
          suspect someone has accessed it without permission.
        </li>
        <li>If you already use the mobile app, you can sign in with the same account to upgrade your plan.</li>
      </ul>
    ),
  },
  {
    id: 'planes',
    title: 'Plans, free trial and billing',
    body: (
      <ul>
        <li>
          Every plan includes a <strong>{TRIAL_DAYS}-day free trial</strong>. If you cancel before it ends, you are not charged.
        </li>
        <li>
          When the trial ends, the plan is charged <strong>monthly</strong> in Chilean pesos and renews automatically every month.
        </li>
        <li>
          You can <strong>cancel at any time</strong>, in one step, from where you signed up (your dashboard, or “Mi suscripción” (My
          subscription) if you are a client), with no forms or phone calls. The cancellation takes effect at the end of the period you have
          paid for, there are no further charges, and we confirm it by email.
        </li>
        <li>
          We <strong>email you {RENEWAL_NOTICE_DAYS} days before</strong> the end of the free trial and before each renewal, with the amount
          that will be charged and the link to cancel.
        </li>
        <li>
          Current prices are published on the{' '}
          <Link className="text-primary underline" to="/precios" hrefLang="es">
            pricing
          </Link>{' '}
          page (in Spanish). The Business plan for gyms is agreed with our sales team.
        </li>
        <li>If we change a price, we will tell you at least 30 days in advance and the new price will apply from the next renewal.</li>
      </ul>
    ),
  },
  {
    id: 'retracto',
    title: 'Right of withdrawal',
    body: (
      <>
        <p>
          As set out in Law No. 19.496 (art. 3 bis, as amended by Law No. 21.398), if you sign up at a distance you have{' '}
          <strong>{WITHDRAWAL_DAYS} days</strong> from signing up to withdraw, in one step and without giving a reason:
        </p>
        <ul>
          <li>
            <strong>Clients:</strong> from “Mi suscripción” (My subscription), as long as your trainer has not yet provided the service (a
            booked session you attended, or a workout from their program that you recorded as done). We refund everything you paid, to the
            same payment method, and the subscription ends at once.
          </li>
          <li>
            <strong>Trainers and gyms:</strong> from your dashboard, before you receive a client’s first payment through the platform. The
            plan ends at once: during the free trial you are not charged anything, and if your plan started paid we refund everything you
            paid, to the same payment method.
          </li>
          <li>
            Once the service has been provided, the right of withdrawal no longer applies, but you can always cancel with effect at the end
            of the period you have paid for.
          </li>
          <li>We confirm the withdrawal by email, and the refund comes with its receipt and its credit note.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'documentos-tributarios',
    title: 'Tax documents',
    body: (
      <ul>
        <li>
          For each plan charge we issue an <strong>electronic receipt (boleta electrónica)</strong>, or an{' '}
          <strong>electronic invoice (factura electrónica)</strong> if you give us your company’s RUT, legal name (razón social) and line of
          business (giro), through a provider authorised by Chile’s tax authority, the Servicio de Impuestos Internos (SII).
        </li>
        <li>The platform’s commission on client payments is documented to the trainer or gym in the same way.</li>
        <li>
          Every refund, including a withdrawal, comes with its electronic <strong>credit note (nota de crédito)</strong>.
        </li>
        <li>
          Trainers and gyms issue their own documents for the services they provide to their clients; every month we give them a monthly
          statement with what was collected, the splits, the commissions and the refunds.
        </li>
      </ul>
    ),
  },
  {
    id: 'vendedores',
    title: 'Registered start of activities for those who charge',
    body: (
      <p>
        As required by art. 68 of the Tax Code (Código Tributario, Law No. 21.713), before charging clients each trainer or gym must prove
        their start of activities (inicio de actividades) with the SII, or sign the exemption declaration that applies to them. Our team
        reviews the proof and checks it again <strong>every six months</strong>; if the check expires, new charges are paused until it is
        renewed, without losing any clients or data.
      </p>
    ),
  },
  {
    id: 'pagos',
    title: 'Client payments and commissions',
    body: (
      <>
        <p>
          Charges to clients are processed by an external payment provider; {brand.name} does not store card numbers. To receive payments,
          each trainer or gym must set up their payment account with that provider and accept its terms.
        </p>
        <p>
          A <strong>5% commission</strong> applies to each transaction processed through the platform. When a gym charges for its trainers’
          work, the amount is split by default as follows: <strong>60% for the trainer, 35% for the gym and 5% for the platform</strong>. A
          gym with central billing may agree a different split with its trainers, without changing the platform’s commission.
        </p>
      </>
    ),
  },
  {
    id: 'uso',
    title: 'Acceptable use',
    body: (
      <ul>
        <li>Do not use the service for illegal or fraudulent activities, or for anything that infringes the rights of others.</li>
        <li>Do not try to access other people’s accounts or data, or interfere with how the platform works.</li>
        <li>Only record your clients’ data with their consent, and use it only to provide your services to them.</li>
      </ul>
    ),
  },
  {
    id: 'contenido',
    title: 'Content and intellectual property',
    body: (
      <p>
        The routines, texts and images you upload remain yours; you give us permission to store them and show them to the people you choose
        within the service. The {brand.name} brand, the software and the design of the platform are our property.
      </p>
    ),
  },
  {
    id: 'responsabilidad',
    title: 'Liability',
    body: (
      <p>
        We work to keep the service available and working properly, but it may be interrupted for maintenance or for reasons outside our
        control. To the extent the law allows, our liability is limited to the amount you paid us in the last three months. Nothing in these
        terms limits the rights that Law No. 19.496 on the Protection of Consumer Rights gives you.
      </p>
    ),
  },
  {
    id: 'termino',
    title: 'Suspension and termination',
    body: (
      <p>
        You can close your account whenever you want. We may suspend or close an account that breaks these terms, and we will tell you
        unless the law or the security of the service prevents it. After cancellation we keep your data for 90 days and then delete it, as
        the privacy policy explains.
      </p>
    ),
  },
  {
    id: 'cambios',
    title: 'Changes and governing law',
    body: (
      <p>
        If we change these terms, we will publish the new version here and tell you by email if the change is significant. These terms are
        governed by the laws of Chile. For any question, write to us at {mail}.
      </p>
    ),
  },
]

export default function TermsPageEn() {
  usePageMeta(
    'Terms and conditions',
    `Terms of use of ${brand.name}: accounts, plans, free trial, withdrawal, cancellation, tax documents, payments and commissions.`,
  )
  return (
    <LegalDocument
      document="terms"
      language="en"
      title="Terms and conditions"
      intro={<p>These terms govern the use of the {brand.name} web platform and mobile app by trainers, gyms and clients.</p>}
      sections={termsSectionsEn}
    />
  )
}
