/** Spanish texts of the AI assistants' screens; the spec's failure texts are AI_CHAT_TEXT (shared). */
export const AI_CHAT_SCREEN_TEXT = {
  widget: {
    log: 'Conversación con el asistente',
    inputLabel: 'Mensaje para el asistente',
    placeholder: 'Escribe tu pregunta…',
    keysHint: 'Intro envía · Mayús + Intro añade una línea',
    send: 'Enviar mensaje',
    you: 'Tú',
    assistant: 'Asistente',
    writing: 'El asistente está escribiendo…',
    sources: 'Sesiones consultadas:',
    source: (numero: number, fecha: string) => `nº ${numero} (${fecha})`,
    moreSources: (n: number) => `y ${n} más`,
    counter: (n: number, max: number) => `${n} / ${max}`,
    notConfigured: 'La IA no está configurada en este servidor: el asistente no está disponible.',
  },
  therapist: {
    title: 'Consultar IA',
    dataCard: 'Datos Disponibles para la IA',
    dataHint: 'El asistente conoce tu consulta a nivel de resumen. Para hablar de un paciente en profundidad, abre su pestaña «AI Chat».',
    stats: { patients: 'Pacientes', sessions: 'Sesiones', exercises: 'Ejercicios creados', modules: 'Módulos creados' },
    statsFailed: 'No se pudieron cargar los datos disponibles para la IA.',
    chatTitle: 'Asistente de tu consulta',
    greeting: (name: string) =>
      `¡Hola${name ? `, ${name}` : ''}! Soy tu asistente de IA. Conozco tu consulta a nivel de resumen: tus pacientes, sus sesiones, ` +
      'los ejercicios y módulos de tu banco y el progreso de cada paciente. ¿En qué puedo ayudarte?',
  },
  patientTab: {
    title: (name: string) => `Asistente IA · ${name}`,
    summary: (name: string) =>
      `El asistente conoce solo la información de ${name}: su ficha, sus sesiones (notas, transcripciones y análisis), sus ejercicios y su progreso.`,
    greeting: (name: string) =>
      `Hola. Pregúntame lo que necesites sobre ${name}: cómo han ido sus sesiones, cómo evoluciona, qué temas se repiten o cómo avanza con sus ejercicios. ` +
      'Te diré de qué sesiones saco cada dato.',
  },
  patient: {
    title: 'Chat con Asistente IA',
    intro: 'Un espacio para repasar tus sesiones y tus ejercicios cuando lo necesites, entre consulta y consulta.',
    dataCard: 'Tu información disponible',
    stats: { sessions: 'Sesiones', transcripts: 'Con transcripción', analyses: 'Con análisis IA' },
    active: 'Asistente Activo',
    ownDataOnly: 'Solo tu información personal',
    chatTitle: 'Tu asistente',
    welcome: (name: string) =>
      `¡Hola${name ? `, ${name}` : ''}! Soy tu asistente de IA. Estoy aquí para acompañarte entre sesiones: puedo ayudarte a recordar ` +
      'de qué hablaste en tus sesiones, repasar los resúmenes que tu terapeuta ha compartido contigo, explicarte tus ejercicios y ' +
      'ver cómo vas con ellos. Solo conozco tu propia información. No sustituyo a tu terapeuta: lo que quieras trabajar a fondo, ' +
      'llévalo a tu próxima sesión. ¿Por dónde quieres empezar?',
    privacyTitle: 'Tu privacidad',
    privacy:
      'Este asistente solo puede ver tu propia información: tus sesiones (las transcripciones y los resúmenes que tu terapeuta ha ' +
      'compartido contigo), tus ejercicios y tu progreso. No tiene acceso a las notas privadas de tu terapeuta ni a datos de otras ' +
      'personas. Si estás en una situación de urgencia o riesgo, contacta con tu terapeuta o con los servicios de emergencia.',
  },
} as const;
