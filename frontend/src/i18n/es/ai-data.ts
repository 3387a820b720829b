/** 'Qué se envía a la IA': what each AI feature sends to the provider, and what is replaced first. */
export interface AiDataText {
  title: string;
  link: string;
  intro: string;
  /** Said instead of the intro where the server sends data as written (AI_PSEUDONYMIZE=false). */
  off: string;
  replacedTitle: string;
  replaced: readonly { what: string; as: string }[];
  replacedColumns: { what: string; as: string };
  featuresTitle: string;
  featureColumns: { feature: string; sends: string; sendsAsWritten: string };
  features: readonly { feature: string; sends: string }[];
  notCoveredTitle: string;
  notCovered: readonly string[];
  selfHosted: string | null;
}

/** What both pages say alike: their title and link, and their tables' headings. */
const SAME_ON_BOTH_PAGES = {
  title: 'Qué se envía a la IA',
  link: 'Qué se envía a la IA',
  replacedTitle: 'Qué se reemplaza',
  replacedColumns: { what: 'Dato', as: 'Se envía como' },
  featureColumns: { feature: 'Función', sends: 'Qué envía (con los reemplazos de arriba)', sendsAsWritten: 'Qué envía' },
} as const;

/** The practice's page: every AI feature. */
export const AI_DATA_TEXT: AiDataText = {
  ...SAME_ON_BOTH_PAGES,
  intro:
    'Antes de cada consulta al proveedor de IA, Consulta reemplaza los datos que identifican directamente a las personas de tu consulta ' +
    'por marcadores, y vuelve a poner los nombres reales en la respuesta antes de mostrarla o guardarla. El proveedor nunca ve quién es quién.',
  off:
    'En este servidor el reemplazo de nombres y datos de contacto está desactivado (el proveedor de IA funciona en equipos propios de la ' +
    'consulta): cada función envía sus datos tal como están escritos.',
  replaced: [
    {
      what: 'El nombre, cada apellido y el nombre completo de cada paciente (sin importar mayúsculas ni tildes)',
      as: '[PACIENTE], o [PACIENTE_1], [PACIENTE_2]… cuando aparecen varios',
    },
    { what: 'Tu nombre', as: '[TERAPEUTA]' },
    { what: 'Los correos electrónicos de tus pacientes y el tuyo', as: '[EMAIL]' },
    { what: 'Sus teléfonos y el tuyo, escritos de cualquier forma, con o sin prefijo de país', as: '[TELEFONO]' },
    { what: 'Sus fechas de nacimiento', as: '[FECHA_NACIMIENTO]' },
  ],
  featuresTitle: 'Qué envía cada función',
  features: [
    {
      feature: 'Consultar IA (toda la consulta)',
      sends:
        'Tu pregunta y la conversación; estadísticas de la consulta; de cada paciente con consentimiento de IA: estado, fechas, totales y progreso en ejercicios; tu banco de ejercicios y módulos. Ningún contenido de sesiones.',
    },
    {
      feature: 'Chat IA de un paciente',
      sends:
        'Tu pregunta y la conversación; la ficha del paciente sin datos de contacto; sus sesiones (notas, observaciones, campos personalizados, transcripciones y análisis); sus ejercicios con sus notas; las puntuaciones de sus cuestionarios.',
    },
    {
      feature: 'Asistente del paciente',
      sends:
        'Su pregunta y la conversación; solo lo que el paciente puede ver: fecha, tipo, duración, temas, intención, transcripción y resumen publicado de sus sesiones, sus ejercicios y las puntuaciones de sus cuestionarios. Nunca tus notas.',
    },
    {
      feature: 'Análisis de sesión',
      sends:
        'La sesión: fecha, tipo, duración, notas, temas, intención, medicina, observaciones, campos personalizados y transcripción. La versión para el paciente, sin notas ni observaciones.',
    },
    {
      feature: 'Sugerir ejercicios',
      sends: 'La sesión, como en el análisis, y los ejercicios de tu banco (título, categoría y descripción).',
    },
    {
      feature: 'Transcripción',
      sends: 'El audio de la sesión (nunca el vídeo), en fragmentos. Las voces se nombran «Hablante 1», «Hablante 2»…',
    },
  ],
  notCoveredTitle: 'Qué no se reemplaza',
  notCovered: [
    'Los nombres dichos en voz alta: llegan al servicio de transcripción como sonido.',
    'Los nombres de personas que no son pacientes de tu consulta (familiares, colegas) escritos en notas o preguntas.',
    'Los datos indirectos, como la profesión, la ciudad o la edad.',
  ],
  selfHosted:
    'Si el proveedor de IA funciona en equipos propios de la consulta, el administrador del servidor puede desactivar el reemplazo; entonces los datos se envían tal como están escritos.',
};

/** The patient's page, linked from their assistant: what it sends about them. */
export const AI_DATA_PATIENT_TEXT: AiDataText = {
  ...SAME_ON_BOTH_PAGES,
  intro:
    'Antes de enviar tu pregunta al proveedor de IA, Consulta reemplaza tu nombre, el de tu terapeuta y tus datos de contacto por ' +
    'marcadores, y vuelve a poner los nombres reales en la respuesta antes de mostrártela. El proveedor no sabe quién eres.',
  off: 'En este servidor el proveedor de IA funciona en equipos propios de tu consulta, y tus datos se le envían tal como están escritos.',
  replaced: [
    { what: 'Tu nombre, cada uno de tus apellidos y tu nombre completo', as: '[PACIENTE]' },
    { what: 'El nombre de tu terapeuta', as: '[TERAPEUTA]' },
    { what: 'Tu correo electrónico y el de tu terapeuta', as: '[EMAIL]' },
    { what: 'Tus teléfonos, escritos de cualquier forma', as: '[TELEFONO]' },
    { what: 'Tu fecha de nacimiento', as: '[FECHA_NACIMIENTO]' },
  ],
  featuresTitle: 'Qué envía tu asistente',
  features: [
    {
      feature: 'Tu asistente de IA',
      sends:
        'Tu pregunta y la conversación; solo lo que tú puedes ver: fecha, tipo, duración y temas de tus sesiones, sus transcripciones y ' +
        'los resúmenes que tu terapeuta ha compartido contigo, tus ejercicios y las puntuaciones de tus cuestionarios. Nunca las notas ' +
        'privadas de tu terapeuta.',
    },
  ],
  notCoveredTitle: 'Qué no se reemplaza',
  notCovered: [
    'Los nombres de otras personas (familiares, amigos, compañeros) que escribas en tus preguntas.',
    'Los datos indirectos que escribas, como tu profesión, tu ciudad o tu edad.',
  ],
  selfHosted: null,
};
