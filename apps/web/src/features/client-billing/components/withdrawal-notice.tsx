import { RENEWAL_NOTICE_DAYS, WITHDRAWAL_DAYS } from '@app/contracts/constants'

/**
 * What the law asks to be stated before payment (Ley 19.496 art. 3 bis, Ley 21.398; decision
 * 224): the withdrawal right, its exclusion once the service began, cancel at any time and the
 * renewal notice. Shown before the client goes to the payment page.
 */
export function WithdrawalNotice() {
  return (
    <section aria-labelledby="withdrawal-notice" className="grid gap-1 rounded-md border px-4 py-3 text-sm">
      <h2 id="withdrawal-notice" className="font-semibold">
        Derecho a retracto y cancelación
      </h2>
      <p>
        Tienes {WITHDRAWAL_DAYS} días desde que contratas para desistir y recibir la devolución de todo lo que pagaste, siempre que tu
        entrenador aún no te haya dado una sesión ni un entrenamiento (Ley 19.496, art. 3 bis).
      </p>
      <p>
        Después puedes cancelar cuando quieras, en un paso desde «Mi suscripción»: termina al final del período pagado. Te avisamos por
        correo {RENEWAL_NOTICE_DAYS} días antes de cada renovación, con el monto.
      </p>
    </section>
  )
}
