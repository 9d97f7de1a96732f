import { RENEWAL_NOTICE_DAYS, TRIAL_DAYS } from '@app/contracts/constants'
import { Link } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { brand } from '@/lib/brand'
import { LEGAL_PAGES } from '@/lib/legal-pages'
import { LegalDocument, mail, type LegalSection } from '../components/legal-layout'

// The English version of privacy-page.tsx (decision 231): the same sections, ids and facts, for
// the people of the English screens. A change to one is a change to both (legal-versions.test.tsx).

/** The sections of privacy-page.tsx in English: same ids, same order. */
export const privacySectionsEn: LegalSection[] = [
  {
    id: 'responsable',
    title: 'Who is responsible for your data',
    body: (
      <p>
        {brand.name} operates the web platform and the mobile app that connect personal trainers, gyms and clients. We are responsible for
        the processing of the personal data we collect through them, under Chile’s Law No. 19.628 on the Protection of Private Life, as
        amended by Law No. 21.719 from 1 December 2026. You can write to us at {mail} with any question about this policy.
      </p>
    ),
  },
  {
    id: 'datos',
    title: 'What data we collect',
    body: (
      <ul>
        <li>
          <strong>Account data:</strong> first name, last name, email address, phone number, date of birth (to check the minimum age) and
          password (stored only as an irreversible hash).
        </li>
        <li>
          <strong>Professional data</strong> of trainers and gyms: speciality, years of experience, gym, address and the business’s contact
          details.
        </li>
        <li>
          <strong>Training data</strong> of clients: routines, sessions, attendance and personal records that you or your trainer record.
          Your measurements and your weight are health data: we only store them if you first give your express consent.
        </li>
        <li>
          <strong>Payment data:</strong> the status of your subscription and of your charges. Card details go directly to the payment
          provider (see section 5).
        </li>
        <li>
          <strong>Tax data</strong> of trainers and gyms (and of a client who asks for an invoice): RUT, legal name (razón social), line of
          business (giro) and the proof of their start of activities (inicio de actividades) with the SII, which we review at the start and
          every six months.
        </li>
        <li>
          <strong>Contact requests:</strong> the name, email address, WhatsApp number and city you send us in the free access form.
        </li>
        <li>
          <strong>Your consents:</strong> which version of these documents you accepted, when and from which screen, and whether you agreed
          to receive news emails.
        </li>
        <li>
          <strong>Technical data:</strong> IP address, type of device and browser, and the activity logs needed to run and protect the
          service.
        </li>
      </ul>
    ),
  },
  {
    id: 'finalidades',
    title: 'What we use your data for',
    body: (
      <ul>
        <li>To create and manage your account and give you access to the platform and the app.</li>
        <li>To manage subscriptions, the {TRIAL_DAYS}-day free trial and the recurring charges between trainers and clients.</li>
        <li>To show each trainer or gym the information of their own clients and trainers.</li>
        <li>
          To send you the emails the service needs: verification codes, payment receipts, electronic receipts (boletas), invoices and credit
          notes, confirmations of cancellation and of withdrawal, the notice {RENEWAL_NOTICE_DAYS} days before each renewal or the end of
          the trial, and changes to your account.
        </li>
        <li>To issue the tax documents for each charge and refund, and to check the start of activities of those who charge.</li>
        <li>
          To send you news and offers emails only if you agree to them separately; you can withdraw that with one click in My account.
        </li>
        <li>To answer your requests and prevent fraud and abuse.</li>
      </ul>
    ),
  },
  {
    id: 'seguridad',
    title: 'Authentication and security',
    body: (
      <>
        <p>
          We use token-based authentication: when you sign in you receive a short-lived access token and a refresh token, which are stored
          on your device and sent encrypted with each request. When you sign out, both are invalidated. We do not use tracking or
          advertising cookies.
        </p>
        <p>Passwords are stored with a strong hashing algorithm, and all communications are encrypted (HTTPS).</p>
      </>
    ),
  },
  {
    id: 'pagos',
    title: 'Payments',
    body: (
      <p>
        Payments are processed by an external payment provider certified under the PCI DSS standard. {brand.name} never sees or stores card
        numbers: we only keep the identifier of your subscription and the status of the charges the provider reports to us.
      </p>
    ),
  },
  {
    id: 'compartir',
    title: 'Who we share your data with',
    body: (
      <>
        <p>We do not sell your data. We only share it with:</p>
        <ul>
          <li>the payment provider, to process charges, refunds and payouts to trainers and gyms;</li>
          <li>
            the electronic tax document provider authorised by the SII, and through it the SII, to issue electronic receipts (boletas),
            invoices (facturas) and credit notes (name or legal name, RUT and line of business when you gave them, amounts and dates);
          </li>
          <li>infrastructure and email providers that run the service on our behalf and under a duty of confidentiality;</li>
          <li>your trainer or gym, in the case of clients’ training data;</li>
          <li>authorities, when the law requires it.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'conservacion',
    title: 'How long we keep your data',
    body: (
      <p>
        We keep your data while your account is active. If you close your account (from My account, or by asking at {mail}), we keep it for{' '}
        <strong>90 days</strong> after the closure, in case you decide to come back: if you sign in within that time, your account is
        reopened. After that we delete or anonymise it. The records of payments, refunds and accounting that tax law requires us to keep are
        kept without your name or email address for the legal period (6 years). Contact requests are deleted after 2 years.
      </p>
    ),
  },
  {
    id: 'derechos',
    title: 'Your rights',
    body: (
      <p>
        You have the right to access, correct, delete, object to the use of and move your data (portability). In <strong>My account</strong>{' '}
        you can correct your name and phone number, download all your data in a file, withdraw your consent to news emails and close your
        account. For any other request, write to us at {mail}: we reply within 30 calendar days, as the law requires.
      </p>
    ),
  },
  {
    id: 'edad',
    title: 'Minimum age',
    body: (
      <p>
        The platform is intended for people <strong>aged 16 or over</strong>: when you sign up we ask for your date of birth, and you cannot
        create an account if you are under 16. If we find an account belonging to someone under that age, we will close it and delete their
        data.
      </p>
    ),
  },
  {
    id: 'cambios',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy, we will publish the new version on this page with the date it was updated and, if the change is
        significant, we will tell you by email. Please also read our{' '}
        <Link className="text-primary underline" to={LEGAL_PAGES.en.terms}>
          Terms and conditions
        </Link>
        .
      </p>
    ),
  },
]

export default function PrivacyPageEn() {
  usePageMeta('Privacy policy', `How ${brand.name} collects, uses, protects and keeps your personal data.`)
  return (
    <LegalDocument
      document="privacy"
      language="en"
      title="Privacy policy"
      intro={
        <p>
          At {brand.name} we take care of your data. This policy explains what information we collect when you use our web platform and our
          mobile app, what we use it for, who we share it with and what rights you have.
        </p>
      }
      sections={privacySectionsEn}
    />
  )
}
