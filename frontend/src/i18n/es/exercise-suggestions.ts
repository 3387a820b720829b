/** 'Sugerir ejercicios' in the therapist's session detail: the AI's homework suggestions from the therapist's bank. */
export const EXERCISE_SUGGESTIONS_TEXT = {
  heading: 'Ejercicios sugeridos',
  intro:
    'La IA busca en tu banco hasta 3 ejercicios que encajen con esta sesión y explica por qué. Nada se asigna hasta que pulses «Asignar».',
  suggest: 'Sugerir ejercicios',
  suggestAgain: 'Sugerir de nuevo',
  suggesting: 'Buscando ejercicios…',
  searchingStatus: 'La IA está eligiendo ejercicios de tu banco…',
  notConfigured: 'La IA no está configurada en este servidor: las sugerencias de ejercicios no están disponibles.',
  needsContent: 'Añade la transcripción o las notas de la sesión para recibir sugerencias.',
  none: 'La IA no encontró ejercicios de tu banco que encajen con esta sesión.',
  found: (n: number) => (n === 1 ? 'La IA sugiere 1 ejercicio de tu banco.' : `La IA sugiere ${n} ejercicios de tu banco.`),
  assign: 'Asignar',
  assignLabel: (titulo: string) => `Asignar ${titulo}`,
  assigned: 'Asignado',
} as const;
