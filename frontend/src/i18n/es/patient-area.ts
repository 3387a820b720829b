/** The patient shell's area name and side menu. */
export const PATIENT_SHELL_TEXT = {
  area: 'Mi espacio',
  sections: {
    home: 'Inicio',
    sessions: 'Sesiones Anteriores',
    exercises: 'Ejercicios Sugeridos',
    chat: 'Chat con IA',
    profile: 'Mi Perfil',
  },
} as const;

/** Spanish texts of the patient's dashboard, 'Sesiones Anteriores' and 'Mi Perfil'. */

export const DASHBOARD_TEXT = {
  documentTitle: 'Mi espacio',
  greeting: (name: string) => `Hola, ${name}`,
  intro:
    'Este es tu espacio personal. Aquí encontrarás tus sesiones, los ejercicios que te proponga tu terapeuta y un asistente para acompañarte entre sesiones.',
  loading: 'Cargando tu resumen...',
  stats: {
    label: 'Tu resumen',
    sessions: 'Total Sesiones',
    time: 'Tiempo Total',
    exercises: 'Ejercicios',
    exercisesHint: 'asignados',
    inTherapy: 'En Terapia',
    days: (n: number) => (n === 1 ? '1 día' : `${n} días`),
    since: (date: string) => `desde el ${date}`,
  },
  recent: {
    title: 'Sesiones recientes',
    empty: 'Aún no tienes sesiones registradas.',
    seeAll: 'Ver todas',
  },
  lastSession: 'Última sesión',
  nextAppointment: 'Próxima cita',
  shortcutsLabel: 'Accesos directos',
  shortcuts: {
    sessions: {
      title: 'Sesiones Anteriores',
      text: 'Repasa tus sesiones, sus transcripciones y los análisis que tu terapeuta comparta contigo.',
    },
    exercises: { title: 'Ejercicios Sugeridos', text: 'Trabaja a tu ritmo en los ejercicios y módulos que tu terapeuta te asigne.' },
    chat: { title: 'Chat con IA', text: 'Un asistente que solo conoce tu propia información, disponible entre sesiones.' },
    go: 'Ir ahora',
  },
} as const;

export const MY_SESSIONS_TEXT = {
  title: 'Sesiones Anteriores',
  intro: 'Tus sesiones con tu terapeuta. Ábrelas para ver su grabación, la transcripción y el análisis que te haya compartido.',
  loading: 'Cargando sesiones...',
  emptyHint: 'Cuando tu terapeuta registre una sesión, aparecerá aquí.',
  session: (n: number) => `Sesión ${n}`,
  badges: { video: 'Video', transcript: 'Transcripción', analysis: 'Análisis IA' },
  detail: {
    type: 'Tipo de sesión',
    customFields: 'Campos Específicos',
    content: 'De la sesión',
    video: 'Grabación',
    transcript: 'Transcripción',
    voices: 'Voces detectadas',
    analysis: 'Análisis IA',
    analysisHint: 'Un resumen de tu sesión que tu terapeuta ha revisado y compartido contigo.',
    date: 'Fecha de la sesión',
    registered: 'Registrada el',
    duration: 'Duración',
    close: 'Cerrar',
  },
} as const;

export const MY_PROFILE_TEXT = {
  title: 'Mi Perfil',
  loading: 'Cargando tu perfil...',
  personal: 'Información personal',
  fields: {
    name: 'Nombre completo',
    email: 'Correo electrónico',
    admission: 'Fecha de ingreso',
    status: 'Estado',
    birthDate: 'Fecha de nacimiento',
    phone: 'Teléfono',
    phoneHint: 'Sin código de país, solo dígitos',
    dialCode: 'Código de país',
    address: 'Dirección',
    gender: 'Género',
    genderHint: 'Como prefieras describirlo. Opcional.',
    notes: 'Mis notas',
    notesHint: (length: number, max: number) => `Lo que quieras contar de ti. Tu terapeuta puede leerlo. ${length}/${max}`,
  },
  notSpecified: 'No especificado',
  notScheduled: 'No programada',
  noneYet: 'Aún no hay',
  statuses: { activo: 'Activo', inactivo: 'Inactivo', alta: 'Alta' } as Record<string, string>,
  edit: 'Editar Perfil',
  cancel: 'Cancelar',
  save: 'Guardar cambios',
  saving: 'Guardando...',
  photo: {
    change: 'Cambiar foto',
    remove: 'Quitar foto',
    uploading: 'Subiendo foto...',
    hint: 'JPEG, PNG, GIF o WebP de hasta 5 MB.',
    alt: (name: string) => `Foto de perfil de ${name}`,
    failed: 'No se pudo subir la foto',
  },
  therapy: {
    title: 'Mi terapia',
    therapist: 'Terapeuta asignado',
    start: 'Inicio de la terapia',
    next: 'Próxima sesión',
    completed: 'Sesiones completadas',
    last: 'Última sesión',
  },
} as const;
