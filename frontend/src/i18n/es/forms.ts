const list = (labels: readonly string[]): string =>
  labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} y ${labels[labels.length - 1]}`;

/** What every form says in its action area after a refused save (components/forms). */
export const FORM_TEXT = {
  /** The fields left empty: 'Falta: Temas importantes'. */
  missing: (labels: readonly string[]) => `Falta: ${list(labels)}.`,
  /** The fields with a value in the wrong shape: 'Revisa: Fecha y hora'. */
  check: (labels: readonly string[]) => `Revisa: ${list(labels)}.`,
};
