/** Spanish texts of the frame both signed-in shells share: app bar, avatar menu, section tabs, not-found page. */
export const SHELL_TEXT = {
  homeLink: 'Consulta, inicio del panel',
  mainMenu: 'Menú principal',
  closeMenu: 'Cerrar menú',
  sectionTabs: 'Secciones principales',
  account: 'Mi cuenta',
  /** The initials shown are part of the name (a label must contain the text it shows). */
  userMenu: (initials: string) => `Menú de usuario ${initials}`,
  viewProfile: 'Ver perfil',
  notFound: {
    title: 'Página no encontrada',
    text: 'La página que buscas no existe o ha cambiado de dirección.',
    back: 'Volver al inicio',
  },
} as const;
