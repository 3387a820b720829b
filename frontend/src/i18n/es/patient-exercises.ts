/** Spanish texts of the shared exercise widgets (the patient area and the therapist's patient detail). */
export const EXERCISE_WIDGETS_TEXT = {
  individual: 'Individual',
  viewModule: (title: string) => `Ver módulo ${title}`,
  viewModuleLink: 'Ver módulo',
  new: 'Nuevo',
  suggestedAfter: (date: string) => `Sugerido tras tu sesión del ${date}`,
  retired: 'Retirado',
  retiredHint: 'Ya no forma parte del banco: queda como historial',
  openFiles: 'Ver Archivo',
  openDetail: (title: string) => `Ver detalles de «${title}»`,
  assignedOn: (date: string) => `Asignado el ${date}`,
  detail: {
    description: 'Descripción',
    noDescription: 'Sin descripción',
    dates: 'Fechas',
    assigned: 'Asignado',
    created: 'Creado',
    material: 'Material adjunto',
    status: 'Estado',
    close: 'Cerrar',
  },
  noFiles: 'Sin archivos',
  progress: {
    total: 'Total',
    completed: 'Completados',
    pending: 'Pendientes',
    percentCompleted: '% completado',
    overall: 'Progreso general',
    overallOf: (done: number, total: number) => `${done} de ${total} ejercicios completados`,
    bySource: 'Por origen',
    byModule: 'Por módulo',
    byCategory: 'Por categoría',
    recent: 'Completados recientemente',
    noRecent: 'Aún no has completado ningún ejercicio',
    noModules: 'No hay módulos asignados',
    noExercises: 'No hay ejercicios asignados',
    sources: { individual: 'Individuales', module: 'De módulos' },
    bySourceOverlap: (n: number) =>
      n === 1
        ? '1 ejercicio es individual y también de un módulo: cuenta en las dos barras y una sola vez en el total.'
        : `${n} ejercicios son individuales y también de un módulo: cuentan en las dos barras y una sola vez en el total.`,
    columnName: 'Nombre',
    completedOn: (date: string) => `Completado el ${date}`,
  },
} as const;

/** Spanish texts of the patient's 'Ejercicios Sugeridos' page (titled as its menu entry). */
export const PATIENT_EXERCISES_TEXT = {
  title: 'Ejercicios Sugeridos',
  intro: 'Los ejercicios y módulos que te ha asignado tu terapeuta. Márcalos como completados a medida que los hagas.',
  tabs: {
    exercises: (n: number) => `Ejercicios (${n})`,
    modules: (n: number) => `Módulos (${n})`,
    progress: 'Mi Progreso',
  },
  filter: {
    label: 'Mostrar',
    all: (n: number) => `Todos (${n === 1 ? '1 ejercicio' : `${n} ejercicios`})`,
    individual: (n: number) => `Individuales (${n})`,
    module: (n: number) => `De módulos (${n})`,
    both: (n: number) =>
      n === 1
        ? '1 ejercicio te llega por separado y también dentro de un módulo: aparece en los dos filtros y cuenta una sola vez en «Todos».'
        : `${n} ejercicios te llegan por separado y también dentro de un módulo: aparecen en los dos filtros y cuentan una sola vez en «Todos».`,
  },
  empty: {
    all: 'No tienes ejercicios asignados',
    individual: 'No tienes ejercicios individuales',
    module: 'No tienes ejercicios de módulos',
    modules: 'No tienes módulos asignados aún',
    moduleExercises: 'No hay ejercicios en este módulo',
  },
  loading: 'Cargando ejercicios...',
  loadingModules: 'Cargando módulos...',
  newCount: (n: number) => (n === 1 ? '1 ejercicio nuevo desde tu última visita' : `${n} ejercicios nuevos desde tu última visita`),
  createdOn: (date: string) => `Creado el ${date}`,
  markDone: (title: string) => `Marcar «${title}» como completado`,
  markPending: (title: string) => `Desmarcar «${title}»`,
  detail: {
    category: 'Categoría',
    pending: 'Pendiente',
    completed: 'Completado',
    completedOn: (date: string) => `Completado el ${date}`,
    notesLabel: 'Notas (opcional)',
    notesHelp: '¿Cómo te fue? Tu terapeuta podrá leer estas notas.',
    yourNotes: 'Tus notas',
    complete: 'Marcar como completado',
    uncomplete: 'Desmarcar',
    retired: 'Este ejercicio ya no forma parte del banco de tu terapeuta: lo conservas como historial.',
    instructionsTitle: 'Instrucciones generales',
    instructions:
      'Busca un momento tranquilo, lee la descripción y revisa el material adjunto. Cuando termines, márcalo como completado y, si quieres, anota cómo te fue.',
  },
  modules: {
    exercisesCount: (n: number) => (n === 1 ? '1 ejercicio' : `${n} ejercicios`),
    completedCount: (done: number, total: number) => `${done} de ${total} completados`,
    load: 'Cargar ejercicios',
    loading: 'Cargando...',
    hintTitle: 'Cómo usar este módulo',
    hint: 'Carga sus ejercicios y ve haciéndolos en orden. Pulsa un ejercicio para ver su material y marcarlo como completado.',
  },
} as const;
