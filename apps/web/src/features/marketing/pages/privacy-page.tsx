import { RENEWAL_NOTICE_DAYS, TRIAL_DAYS } from '@app/contracts/constants'
import { Link } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { brand } from '@/lib/brand'
import { LegalDocument, mail, type LegalSection } from '../components/legal-layout'

/** The sections, in order; the English version (privacy-page-en.tsx) has the same ids in the same order (a unit test). */
export const privacySections: LegalSection[] = [
  {
    id: 'responsable',
    title: 'Quién es responsable de tus datos',
    body: (
      <p>
        {brand.name} opera la plataforma web y la app móvil que conectan a entrenadores personales, gimnasios y clientes. Somos responsables
        del tratamiento de los datos personales que recopilamos a través de ellas, conforme a la Ley N° 19.628 sobre Protección de la Vida
        Privada de Chile, modificada por la Ley N° 21.719 desde el 1 de diciembre de 2026. Puedes escribirnos a {mail} por cualquier
        consulta sobre esta política.
      </p>
    ),
  },
  {
    id: 'datos',
    title: 'Qué datos recopilamos',
    body: (
      <ul>
        <li>
          <strong>Datos de cuenta:</strong> nombre, apellido, correo electrónico, teléfono, fecha de nacimiento (para comprobar la edad
          mínima) y contraseña (guardada solo como un hash irreversible).
        </li>
        <li>
          <strong>Datos profesionales</strong> de entrenadores y gimnasios: especialidad, años de experiencia, gimnasio, dirección y datos
          de contacto del negocio.
        </li>
        <li>
          <strong>Datos de entrenamiento</strong> de los clientes: rutinas, sesiones, asistencia y marcas personales que tú o tu entrenador
          registran. Tus medidas y tu peso son datos de salud: solo los guardamos si antes das tu consentimiento expreso.
        </li>
        <li>
          <strong>Datos de pago:</strong> estado de tu suscripción y de tus cobros. Los datos de tarjeta los recibe directamente el
          proveedor de pagos (ver sección 5).
        </li>
        <li>
          <strong>Datos tributarios</strong> de entrenadores y gimnasios (y de un cliente que pide factura): RUT, razón social, giro y el
          respaldo de su inicio de actividades ante el SII, que revisamos al inicio y cada seis meses.
        </li>
        <li>
          <strong>Solicitudes de contacto:</strong> nombre, correo, WhatsApp y ciudad que nos envías en el formulario de acceso gratuito.
        </li>
        <li>
          <strong>Tus consentimientos:</strong> qué versión de estos documentos aceptaste, cuándo y desde qué pantalla, y si aceptaste
          recibir correos de novedades.
        </li>
        <li>
          <strong>Datos técnicos:</strong> dirección IP, tipo de dispositivo y navegador, y registros de actividad necesarios para operar y
          proteger el servicio.
        </li>
      </ul>
    ),
  },
  {
    id: 'finalidades',
    title: 'Para qué usamos tus datos',
    body: (
      <ul>
        <li>Crear y administrar tu cuenta y darte acceso a la plataforma y a la app.</li>
        <li>
          Gestionar las suscripciones, la prueba gratuita de {TRIAL_DAYS} días y los cobros recurrentes entre entrenadores y clientes.
        </li>
        <li>Mostrar a cada entrenador o gimnasio la información de sus propios clientes y entrenadores.</li>
        <li>
          Enviarte correos necesarios del servicio: códigos de verificación, comprobantes de pago, boletas, facturas y notas de crédito,
          confirmaciones de cancelación y de retracto, el aviso {RENEWAL_NOTICE_DAYS} días antes de cada renovación o del fin de la prueba,
          y cambios en tu cuenta.
        </li>
        <li>Emitir los documentos tributarios de cada cobro y devolución, y verificar el inicio de actividades de quienes cobran.</li>
        <li>Enviarte correos de novedades y ofertas solo si lo aceptas aparte; puedes retirarlo con un clic en Mi cuenta.</li>
        <li>Responder tus solicitudes y prevenir fraudes y abusos.</li>
      </ul>
    ),
  },
  {
    id: 'seguridad',
    title: 'Autenticación y seguridad',
    body: (
      <>
        <p>
          Usamos autenticación basada en tokens: al iniciar sesión recibes un token de acceso de corta duración y un token de renovación,
          que se guardan en tu dispositivo y se envían cifrados en cada solicitud. Al cerrar sesión ambos se invalidan. No usamos cookies de
          seguimiento ni de publicidad.
        </p>
        <p>Las contraseñas se guardan con un algoritmo de hash robusto y todas las comunicaciones viajan cifradas (HTTPS).</p>
      </>
    ),
  },
  {
    id: 'pagos',
    title: 'Pagos',
    body: (
      <p>
        Los pagos los procesa un proveedor de pagos externo certificado bajo el estándar PCI DSS. {brand.name} nunca ve ni almacena números
        de tarjeta: solo guardamos el identificador de tu suscripción y el estado de los cobros que el proveedor nos informa.
      </p>
    ),
  },
  {
    id: 'compartir',
    title: 'Con quién compartimos tus datos',
    body: (
      <>
        <p>No vendemos tus datos. Solo los compartimos con:</p>
        <ul>
          <li>el proveedor de pagos, para procesar cobros, devoluciones y pagos a entrenadores y gimnasios;</li>
          <li>
            el proveedor de documentos tributarios electrónicos autorizado por el SII, y a través de él el SII, para emitir boletas,
            facturas y notas de crédito (nombre o razón social, RUT y giro cuando los diste, montos y fechas);
          </li>
          <li>
            proveedores de infraestructura y de correo electrónico que operan el servicio por encargo nuestro y bajo obligación de
            confidencialidad;
          </li>
          <li>tu entrenador o gimnasio, en el caso de los datos de entrenamiento de los clientes;</li>
          <li>autoridades, cuando la ley lo exija.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'conservacion',
    title: 'Cuánto tiempo guardamos tus datos',
    body: (
      <p>
        Guardamos tus datos mientras tu cuenta esté activa. Si cancelas tu cuenta (desde Mi cuenta, o pidiéndolo a {mail}), los conservamos
        durante <strong>90 días</strong> después de la cancelación, por si decides volver: si inicias sesión en ese plazo, tu cuenta se
        reabre. Luego los eliminamos o anonimizamos. Los registros de pagos, reembolsos y contabilidad que la ley tributaria nos obliga a
        mantener se conservan sin tu nombre ni tu correo durante el plazo legal (6 años). Las solicitudes de contacto se eliminan a los 2
        años.
      </p>
    ),
  },
  {
    id: 'derechos',
    title: 'Tus derechos',
    body: (
      <p>
        Tienes derecho de acceso, rectificación, supresión, oposición y portabilidad de tus datos. En <strong>Mi cuenta</strong> puedes
        corregir tu nombre y tu teléfono, descargar todos tus datos en un archivo, retirar tu consentimiento a los correos de novedades y
        cerrar tu cuenta. Para cualquier otra solicitud escríbenos a {mail}: respondemos dentro de 30 días corridos, como exige la ley.
      </p>
    ),
  },
  {
    id: 'edad',
    title: 'Edad mínima',
    body: (
      <p>
        La plataforma está dirigida a personas de <strong>16 años o más</strong>: al registrarte te pedimos tu fecha de nacimiento y no
        puedes crear una cuenta si tienes menos de 16 años. Si detectamos una cuenta de un menor de esa edad, la cerraremos y eliminaremos
        sus datos.
      </p>
    ),
  },
  {
    id: 'cambios',
    title: 'Cambios a esta política',
    body: (
      <p>
        Si cambiamos esta política, publicaremos la nueva versión en esta página con su fecha de actualización y, si el cambio es
        importante, te avisaremos por correo. Lee también nuestros{' '}
        <Link className="text-primary underline" to="/terminos">
          Términos y condiciones
        </Link>
        .
      </p>
    ),
  },
]

export default function PrivacyPage() {
  usePageMeta('Política de privacidad', `Cómo ${brand.name} recopila, usa, protege y conserva tus datos personales.`)
  return (
    <LegalDocument
      document="privacy"
      language="es"
      title="Política de privacidad"
      intro={
        <p>
          En {brand.name} cuidamos tus datos. Esta política explica qué información recopilamos cuando usas nuestra plataforma web y nuestra
          app móvil, para qué la usamos, con quién la compartimos y qué derechos tienes.
        </p>
      }
      sections={privacySections}
    />
  )
}
