/** Texts of a draft's processing: 'Cancelar procesamiento', on the open draft and in the drafts list. */
export const DRAFT_PROCESSING_TEXT = {
  cancel: 'Cancelar procesamiento',
  /** The drafts list's button, named by its draft. */
  cancelLabel: (title: string, id: string) => `Cancelar procesamiento de ${title} ${id}`,
  cancelling: 'Cancelando…',
} as const;
