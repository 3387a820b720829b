import { EXPORT_TTL_DAYS } from '@consulta/shared';

/** Texts of the data export (issue 17): the therapist's 'Exportar datos' tab and 'Descargar mis datos' in 'Mi Perfil'. */
export const EXPORT_TEXT = {
  tabTitle: 'Exportar datos',
  mineTitle: 'Descargar mis datos',
  /** What the archive holds, as each side gets it. */
  contents: {
    terapeuta:
      'Un archivo ZIP con todo lo que guardas de este paciente: ficha, sesiones con transcripciones y análisis, borradores, ejercicios y progreso, consentimientos, historial de accesos y archivos.',
    paciente:
      'Un archivo ZIP con tus datos, tus sesiones tal como las ves, tus ejercicios y progreso, tus consentimientos, quién ha accedido a tus datos y tus archivos.',
  },
  howItWorks: `Se prepara en segundo plano; cuando esté lista podrás descargarla durante ${EXPORT_TTL_DAYS} días. Después se borra y puedes solicitar otra.`,
  request: 'Solicitar exportación',
  requesting: 'Solicitando...',
  requestFailed: 'No se pudo solicitar la exportación',
  listHeading: 'Exportaciones solicitadas',
  loading: 'Cargando exportaciones...',
  empty: 'Todavía no has solicitado ninguna exportación.',
  requestedOn: (date: string) => `Solicitada el ${date}`,
  queued: 'Empezará enseguida.',
  progressLabel: 'Progreso de la exportación',
  size: (size: string, files: string) => `${size} · ${files}`,
  files: (n: number) => (n === 1 ? '1 archivo' : `${n.toLocaleString('es-ES')} archivos`),
  expiresOn: (date: string) => `Caduca el ${date}`,
  /** A ready archive is deleted as soon as a newer one of the same person is ready. */
  replaced: 'Sustituida por una exportación más reciente.',
  download: 'Descargar',
  downloadLabel: (date: string) => `Descargar la exportación solicitada el ${date}`,
} as const;
