/** Texts of a draft's processing: 'Cancelar procesamiento', on the open draft and in the drafts list; the time left. */
export const DRAFT_PROCESSING_TEXT = {
  cancel: 'Cancelar procesamiento',
  /** The drafts list's button, named by its draft. */
  cancelLabel: (title: string, id: string) => `Cancelar procesamiento de ${title} ${id}`,
  cancelling: 'Cancelando…',
  /** The confirmation: what runs is work the practice pays for. */
  confirmTitle: '¿Cancelar el procesamiento?',
  confirmText:
    'Lo que el proveedor lleva hecho se pierde y, para tenerlo, habrá que procesar el borrador de nuevo desde el principio. El borrador conserva lo que tenía antes.',
  keepGoing: 'Seguir procesando',
  /** The time the running job still takes, from the video's length and the provider's recent speed. */
  timeLeft: (seconds: number) =>
    seconds < 60 ? 'Tiempo estimado: menos de 1 min' : `Tiempo estimado: unos ${Math.round(seconds / 60)} min`,
  timeUnknown: 'Calculando el tiempo estimado…',
  /** Under a disabled 'Guardar Sesión' while a job holds the draft. */
  saveWaits: 'Podrás guardar la sesión cuando termine el procesamiento.',
} as const;
