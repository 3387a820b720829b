/** 'a', '«a» y «b»', '«a», «b» y «c»' */
const quotedList = (names: readonly string[]): string =>
  new Intl.ListFormat('es', { type: 'conjunction' }).format(names.map((n) => `«${n}»`));

const exercisesWord = (n: number) => (n === 1 ? '1 ejercicio' : `${n} ejercicios`);

/** Spanish texts of the exercise tabs of the therapist's patient detail (exercises, modules, progress). */
export const PATIENT_DETAIL_EXERCISES_TEXT = {
  loading: 'Cargando ejercicios...',
  loadingModules: 'Cargando módulos...',
  completedOn: (date: string) => `Completado el ${date}`,
  pending: 'Pendiente',
  completed: 'Completado',
  patientNotes: 'Notas del paciente',
  sourceFilter: {
    label: 'Filtrar por origen',
    all: (n: number) => `Todos (${exercisesWord(n)})`,
    individual: (n: number) => `Individuales (${n})`,
    module: (n: number) => `De módulos (${n})`,
    both: (n: number) =>
      n === 1
        ? '1 ejercicio está asignado por separado y también dentro de un módulo: aparece en los dos filtros y cuenta una sola vez en «Todos».'
        : `${n} ejercicios están asignados por separado y también dentro de un módulo: aparecen en los dos filtros y cuentan una sola vez en «Todos».`,
  },
  exercises: {
    heading: 'Ejercicios asignados',
    summary: (total: number, done: number) => `${exercisesWord(total)} · ${done} completados`,
    create: 'Crear Ejercicio',
    assign: 'Asignar Ejercicio',
    empty: {
      all: 'Este paciente no tiene ejercicios asignados',
      individual: 'Este paciente no tiene ejercicios individuales',
      module: 'Este paciente no tiene ejercicios de módulos',
    },
    unassign: (title: string) => `Desasignar ${title}`,
  },
  detail: {
    category: 'Categoría y origen',
    noNotes: 'El paciente no dejó notas',
    retired: 'Este ejercicio ya no forma parte del banco: queda en la lista del paciente como historial.',
  },
  assign: {
    submit: 'Asignar',
    submitting: 'Asignando...',
    exerciseTitle: 'Asignar Ejercicio',
    exerciseLabel: 'Ejercicio',
    exerciseIntro: (name: string) => `Elige un ejercicio del banco para asignárselo a ${name}.`,
    noExercises: 'Todos los ejercicios del banco están ya en la lista de este paciente. Crea uno nuevo con «Crear Ejercicio».',
    moduleTitle: 'Asignar Módulo',
    moduleLabel: 'Módulo',
    moduleIntro: (name: string) => `Elige un módulo del banco: ${name} recibirá todos sus ejercicios.`,
    noModules: 'No quedan módulos del banco sin asignar a este paciente. Crea uno nuevo con «Crear Módulo».',
    loadingOptions: 'Cargando...',
    moduleOption: (title: string, count: number) => `${title} (${exercisesWord(count)})`,
  },
  unassign: {
    exerciseTitle: '¿Desasignar ejercicio?',
    moduleTitle: '¿Desasignar módulo?',
    confirm: 'Desasignar',
    confirming: 'Desasignando...',
    individual: 'Se quitará este ejercicio de la lista del paciente.',
    keptByModules: (names: readonly string[]) =>
      `Seguirá en su lista a través ${names.length === 1 ? 'del módulo' : 'de los módulos'} ${quotedList(names)}.`,
    moduleOnly: (names: readonly string[]) =>
      names.length === 1
        ? `Este ejercicio llega al paciente a través del módulo ${quotedList(names)}: se desasignará el módulo completo, con todos sus ejercicios.`
        : `Este ejercicio llega al paciente a través de los módulos ${quotedList(names)}: se desasignarán esos módulos completos, con todos sus ejercicios.`,
    completionLost: 'El registro de su realización y las notas del paciente se borrarán.',
    module: (title: string) => `Se quitará el módulo «${title}» de la lista del paciente, con los ejercicios que solo lleguen por él.`,
    moduleCompletionsLost: 'Se borrará el registro de los que haya completado.',
  },
  modules: {
    heading: 'Módulos asignados',
    summary: (n: number) => (n === 1 ? '1 módulo' : `${n} módulos`),
    create: 'Crear Módulo',
    assign: 'Asignar Módulo',
    empty: 'Este paciente no tiene módulos asignados',
    exercisesCount: exercisesWord,
    completedCount: (done: number, total: number) => `completados ${done} de ${total}`,
    unassign: (title: string) => `Desasignar módulo ${title}`,
  },
  progress: {
    heading: 'Progreso del paciente',
    recent: 'Completados recientemente',
    noRecent: 'El paciente aún no ha completado ningún ejercicio',
    detail: 'Detalle de ejercicios',
    statusFilter: {
      label: 'Filtrar por estado',
      all: (n: number) => `Todos (${n})`,
      completed: (n: number) => `Completados (${n})`,
      pending: (n: number) => `Pendientes (${n})`,
    },
    emptyFiltered: 'Ningún ejercicio coincide con estos filtros',
    empty: 'Este paciente no tiene ejercicios asignados',
  },
} as const;
