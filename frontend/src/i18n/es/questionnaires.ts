/**
 * Spanish texts of the questionnaires: the therapist's 'Cuestionarios' tab (assigning, stopping, results, the safety
 * alert), the patient's 'Cuestionarios' (answering, the score, the crisis lines) and the charts of both.
 */

export const QUESTIONNAIRES_TEXT = {
  loading: 'Cargando los cuestionarios...',
  chart: {
    /** Template: the scale's name. */
    title: (scale: string) => `Evolución ${scale}`,
    tableLabel: (scale: string) => `Resultados ${scale}`,
    date: 'Fecha',
    score: 'Puntuación',
    severity: 'Gravedad',
    /** Template: score and maximum. */
    scoreOf: (score: number, max: number) => `${score} de ${max}`,
    bands: 'Franjas de gravedad',
  },
  tab: {
    title: 'Cuestionarios',
    summary: 'Escalas validadas entre sesiones: PHQ-9 (depresión) y GAD-7 (ansiedad).',
    assign: 'Asignar cuestionario',
    assignments: 'Asignados',
    noAssignments: 'Todavía no has asignado ningún cuestionario a este paciente.',
    results: 'Resultados',
    noResults: 'Todavía no hay respuestas.',
    alertsTitle: 'Respuestas que necesitan tu atención',
    alertText: (scale: string, date: string) =>
      `En el ${scale} del ${date} respondió por encima de 0 a la pregunta sobre pensamientos de muerte o de hacerse daño.`,
    review: 'Marcar como revisado',
    reviewed: 'Revisado',
    stop: 'Dejar de pedir',
    stopConfirm: (scale: string) => `¿Dejar de pedir el ${scale}? Sus resultados se conservan.`,
    stopped: 'Detenido',
    finished: 'Completado',
    /** Template: AAAA-MM-DD written out. */
    nextDue: (day: string) => `Próximo: ${day}`,
    dueNow: 'Pendiente de responder',
    answersCount: (n: number) => (n === 1 ? '1 respuesta' : `${n} respuestas`),
    until: (day: string) => `hasta el ${day}`,
    answers: 'Respuestas',
    alertChip: 'Alerta',
  },
  assign: {
    title: 'Asignar cuestionario',
    scale: 'Cuestionario',
    frequency: 'Frecuencia',
    until: 'Hasta (opcional)',
    untilHelp: 'Último día en que se le pedirá. Vacío: hasta que lo detengas.',
    submit: 'Asignar',
    hint: 'Se le pide hoy mismo y le llega un correo cada vez que le toca.',
  },
  list: {
    alert: 'Alerta de seguridad: revisa sus cuestionarios',
    alertShort: 'Alerta',
  },
  patient: {
    title: 'Cuestionarios',
    intro: 'Tu terapeuta te pide estos cuestionarios breves para ver cómo evolucionas entre sesiones.',
    due: 'Pendientes',
    noneDue: 'No tienes cuestionarios pendientes.',
    answer: 'Responder',
    history: 'Tus resultados',
    noHistory: 'Aún no has respondido ningún cuestionario.',
    /** Template: n answered of total. */
    progress: (n: number, total: number) => `${n} de ${total} respondidas`,
    send: 'Enviar respuestas',
    sending: 'Enviando...',
    back: 'Volver',
    missing: (n: number) => (n === 1 ? 'Falta 1 respuesta: está marcada arriba.' : `Faltan ${n} respuestas: están marcadas arriba.`),
    itemMissing: 'Elige una respuesta',
    resultTitle: 'Gracias por responder',
    /** Template: score, maximum, band label. */
    resultText: (score: number, max: number, band: string) => `Tu puntuación es ${score} de ${max}: ${band.toLowerCase()}.`,
    resultNote: 'Tu terapeuta verá tus respuestas y lo hablaréis en la próxima sesión.',
    crisisTitle: 'No estás solo o sola',
    crisisText:
      'Has dicho que a veces piensas que estarías mejor muerto o en hacerte daño. Tu terapeuta lo sabrá. Si ahora mismo te sientes en peligro, llama:',
    done: 'Hecho',
    dashboardTitle: 'Cuestionarios pendientes',
    dashboardLink: 'Ir a cuestionarios',
  },
} as const;
