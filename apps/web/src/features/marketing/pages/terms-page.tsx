import { RENEWAL_NOTICE_DAYS, TRIAL_DAYS, WITHDRAWAL_DAYS } from '@app/contracts/constants'
import { Link } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { brand } from '@/lib/brand'
import { LegalDocument, mail, type LegalSection } from '../components/legal-layout'

/** The sections, in order; the English version (terms-page-en.tsx) has the same ids in the same order (a unit test). */
export const termsSections: LegalSection[] = [
  {
    id: 'aceptacion',
    title: 'Aceptación',
    body: (
      <p>
        Al crear una cuenta o usar la plataforma web o la app móvil de {brand.name} aceptas estos términos y nuestra{' '}
        <Link className="text-primary underline" to="/privacidad">
          Política de privacidad
        </Link>
        . Si no estás de acuerdo, no uses el servicio.
      </p>
    ),
  },
  {
    id: 'servicio',
    title: 'El servicio',
    body: (
      <p>
        {brand.name} es una plataforma que conecta a entrenadores personales, gimnasios y clientes. Permite cobrar mensualidades de forma
        recurrente, crear rutinas, registrar el progreso y reservar sesiones. {brand.name} no presta servicios de entrenamiento ni de salud:
        cada entrenador o gimnasio es responsable de los servicios que ofrece a sus clientes.
      </p>
    ),
  },
  {
    id: 'cuentas',
    title: 'Cuentas',
    body: (
      <ul>
        <li>
          Debes tener al menos <strong>16 años</strong> para crear una cuenta.
        </li>
        <li>Los datos que entregues deben ser verdaderos y mantenerse actualizados.</li>
        <li>
          Eres responsable de mantener tu contraseña en reserva y de la actividad de tu cuenta. Avísanos de inmediato a {mail} si sospechas
          un acceso no autorizado.
        </li>
        <li>Si ya usas la app móvil, puedes ingresar con la misma cuenta para mejorar tu plan.</li>
      </ul>
    ),
  },
  {
    id: 'planes',
    title: 'Planes, prueba gratuita y facturación',
    body: (
      <ul>
        <li>
          Todos los planes incluyen una <strong>prueba gratuita de {TRIAL_DAYS} días</strong>. Si cancelas antes de que termine, no se te
          cobra.
        </li>
        <li>
          Al terminar la prueba, el plan se cobra <strong>mensualmente</strong> en pesos chilenos y se renueva de forma automática cada mes.
        </li>
        <li>
          Puedes <strong>cancelar en cualquier momento</strong>, en un paso, desde donde contrataste (tu panel, o «Mi suscripción» si eres
          cliente), sin formularios ni llamadas. La cancelación rige al final del período pagado, no hay cobros posteriores y te la
          confirmamos por correo.
        </li>
        <li>
          Te <strong>avisamos por correo {RENEWAL_NOTICE_DAYS} días antes</strong> del fin de la prueba gratuita y de cada renovación, con
          el monto que se cobrará y el enlace para cancelar.
        </li>
        <li>
          Los precios vigentes se publican en la página de{' '}
          <Link className="text-primary underline" to="/precios">
            precios
          </Link>
          . El plan Business para gimnasios se acuerda con nuestro equipo de ventas.
        </li>
        <li>
          Si cambiamos un precio, te avisaremos con al menos 30 días de anticipación y el nuevo valor regirá desde la siguiente renovación.
        </li>
      </ul>
    ),
  },
  {
    id: 'retracto',
    title: 'Derecho a retracto',
    body: (
      <>
        <p>
          Como lo establece la Ley N° 19.496 (art. 3 bis, modificada por la Ley N° 21.398), si contratas a distancia tienes{' '}
          <strong>{WITHDRAWAL_DAYS} días</strong> desde la contratación para desistir, en un paso y sin expresar motivo:
        </p>
        <ul>
          <li>
            <strong>Clientes:</strong> desde «Mi suscripción», mientras tu entrenador aún no te haya prestado el servicio (una sesión
            agendada a la que asististe, o un entrenamiento de su programa que registraste como hecho). Te devolvemos todo lo que pagaste,
            al mismo medio de pago, y la suscripción termina de inmediato.
          </li>
          <li>
            <strong>Entrenadores y gimnasios:</strong> desde tu panel, antes de recibir el primer pago de un cliente a través de la
            plataforma. El plan termina de inmediato: durante la prueba gratuita no se te cobra nada, y si tu plan empezó pagado te
            devolvemos todo lo que pagaste, al mismo medio de pago.
          </li>
          <li>
            Una vez prestado el servicio, el retracto ya no aplica, pero siempre puedes cancelar con efecto al final del período pagado.
          </li>
          <li>Te confirmamos el retracto por correo, y la devolución va acompañada de su comprobante y su nota de crédito.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'documentos-tributarios',
    title: 'Documentos tributarios',
    body: (
      <ul>
        <li>
          Por cada cobro de un plan emitimos una <strong>boleta electrónica</strong>, o una <strong>factura electrónica</strong> si nos das
          el RUT, la razón social y el giro de tu empresa, a través de un proveedor autorizado por el Servicio de Impuestos Internos (SII).
        </li>
        <li>La comisión de la plataforma sobre los pagos de clientes se documenta al entrenador o gimnasio de la misma forma.</li>
        <li>
          Cada devolución, incluido el retracto, lleva su <strong>nota de crédito</strong> electrónica.
        </li>
        <li>
          Los entrenadores y gimnasios emiten sus propios documentos por los servicios que prestan a sus clientes; cada mes les entregamos
          un estado mensual con lo cobrado, los repartos, las comisiones y las devoluciones.
        </li>
      </ul>
    ),
  },
  {
    id: 'vendedores',
    title: 'Inicio de actividades de quienes cobran',
    body: (
      <p>
        Como lo exige el art. 68 del Código Tributario (Ley N° 21.713), antes de cobrar a clientes cada entrenador o gimnasio debe acreditar
        su inicio de actividades ante el SII, o firmar la declaración de exención que corresponda. Nuestro equipo revisa el respaldo y lo
        vuelve a verificar <strong>cada seis meses</strong>; si la verificación vence, los cobros nuevos se pausan hasta renovarla, sin que
        se pierdan clientes ni datos.
      </p>
    ),
  },
  {
    id: 'pagos',
    title: 'Pagos de clientes y comisiones',
    body: (
      <>
        <p>
          Los cobros a clientes los procesa un proveedor de pagos externo; {brand.name} no almacena números de tarjeta. Para recibir pagos,
          cada entrenador o gimnasio debe configurar su cuenta de pagos con ese proveedor y aceptar sus condiciones.
        </p>
        <p>
          Por cada transacción procesada a través de la plataforma se aplica una <strong>comisión del 5%</strong>. Cuando un gimnasio cobra
          por el trabajo de sus entrenadores, el monto se reparte por defecto así:{' '}
          <strong>60% para el entrenador, 35% para el gimnasio y 5% para la plataforma</strong>. Un gimnasio con facturación central puede
          acordar otra distribución con sus entrenadores, sin cambiar la comisión de la plataforma.
        </p>
      </>
    ),
  },
  {
    id: 'uso',
    title: 'Uso aceptable',
    body: (
      <ul>
        <li>No uses el servicio para actividades ilegales, fraudulentas o que infrinjan derechos de terceros.</li>
        <li>No intentes acceder a cuentas o datos ajenos, ni interferir con el funcionamiento de la plataforma.</li>
        <li>Solo registra datos de tus clientes con su consentimiento y úsalos para prestarles tus servicios.</li>
      </ul>
    ),
  },
  {
    id: 'contenido',
    title: 'Contenido y propiedad intelectual',
    body: (
      <p>
        Las rutinas, textos e imágenes que subes siguen siendo tuyos; nos das permiso para guardarlos y mostrarlos a quienes tú decidas
        dentro del servicio. La marca {brand.name}, el software y el diseño de la plataforma son de nuestra propiedad.
      </p>
    ),
  },
  {
    id: 'responsabilidad',
    title: 'Responsabilidad',
    body: (
      <p>
        Trabajamos para que el servicio esté disponible y funcione correctamente, pero puede tener interrupciones por mantenimiento o causas
        ajenas. En la medida que la ley lo permita, nuestra responsabilidad se limita al monto que nos pagaste en los últimos tres meses.
        Nada en estos términos limita los derechos que te otorga la Ley N° 19.496 sobre Protección de los Derechos de los Consumidores.
      </p>
    ),
  },
  {
    id: 'termino',
    title: 'Suspensión y término',
    body: (
      <p>
        Puedes cerrar tu cuenta cuando quieras. Podemos suspender o cerrar una cuenta que incumpla estos términos, avisándote salvo que la
        ley o la seguridad del servicio lo impidan. Tras la cancelación conservamos tus datos durante 90 días y luego los eliminamos, como
        explica la política de privacidad.
      </p>
    ),
  },
  {
    id: 'cambios',
    title: 'Cambios y ley aplicable',
    body: (
      <p>
        Si modificamos estos términos publicaremos la nueva versión aquí y te avisaremos por correo si el cambio es importante. Estos
        términos se rigen por las leyes de Chile. Cualquier consulta, escríbenos a {mail}.
      </p>
    ),
  },
]

export default function TermsPage() {
  usePageMeta(
    'Términos y condiciones',
    `Condiciones de uso de ${brand.name}: cuentas, planes, prueba gratuita, retracto, cancelación, documentos tributarios, pagos y comisiones.`,
  )
  return (
    <LegalDocument
      document="terms"
      language="es"
      title="Términos y condiciones"
      intro={
        <p>
          Estos términos regulan el uso de la plataforma web y la app móvil de {brand.name} por parte de entrenadores, gimnasios y clientes.
        </p>
      }
      sections={termsSections}
    />
  )
}
