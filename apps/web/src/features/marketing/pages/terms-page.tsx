import { TRIAL_DAYS } from '@app/contracts/constants'
import { Link } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { brand } from '@/lib/brand'
import { LegalDocument, type LegalSection } from '../components/legal-layout'

const mail = (
  <a className="text-primary underline" href={`mailto:${brand.supportEmail}`}>
    {brand.supportEmail}
  </a>
)

const sections: LegalSection[] = [
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
          Puedes <strong>cancelar en cualquier momento</strong>. La cancelación rige al final del período pagado y no hay cobros
          posteriores.
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
  usePageMeta('Términos y condiciones', `Condiciones de uso de ${brand.name}: cuentas, planes, prueba gratuita, pagos y comisiones.`)
  return (
    <LegalDocument
      document="terms"
      title="Términos y condiciones"
      intro={
        <p>
          Estos términos regulan el uso de la plataforma web y la app móvil de {brand.name} por parte de entrenadores, gimnasios y clientes.
        </p>
      }
      sections={sections}
    />
  )
}
