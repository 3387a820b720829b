/** Spanish texts of the therapist's open session (the sessions tab of a patient): the bar above it. */
export const SESSION_DETAIL_TEXT = {
  nav: {
    label: 'Navegación entre sesiones',
    back: 'Volver a la lista',
    older: 'Anterior',
    newer: 'Siguiente',
    step: (label: string, n: number) => `${label}: sesión ${n}`,
  },
} as const;
