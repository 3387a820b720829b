/** The question asked before a form with unsaved changes is left (another page, a dialog closed, the tab). */
export const UNSAVED_TEXT = {
  title: '¿Salir sin guardar?',
  text: 'Los cambios que no has guardado se perderán.',
  stay: 'Seguir editando',
  leave: 'Salir sin guardar',
};
