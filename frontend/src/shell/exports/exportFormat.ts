import { EXPORT_STATE_LABELS, MSG, type ExportState, type PatientExport } from '@consulta/shared';
import { EXPORT_TEXT as T } from '../../i18n/es/exports';
import { formatBytes, formatDateTimeEs } from '../../i18n/format';

/** While an export is being made its list is read again this often (the job's state lives on the row). */
export const EXPORT_POLL_MS = 2000;

/** Asked for and not finished yet: a new one cannot be asked for meanwhile (409 EXPORT_BUSY). */
export const isExportRunning = (e: Pick<PatientExport, 'estado'>): boolean => e.estado === 'pendiente' || e.estado === 'generando';

/** How often to read the list again: every EXPORT_POLL_MS while one is running, never otherwise. */
export const exportPollInterval = (list: readonly Pick<PatientExport, 'estado'>[] | undefined): number | false =>
  list?.some(isExportRunning) ? EXPORT_POLL_MS : false;

const CHIP_COLORS: Record<ExportState, 'default' | 'info' | 'success' | 'error'> = {
  pendiente: 'default',
  generando: 'info',
  listo: 'success',
  error: 'error',
  caducado: 'default',
};

/** What one export says in the list, in the words its reader sees. */
export interface ExportLine {
  /** When it was asked for (es-ES date and time) and the line that says so. */
  date: string;
  requested: string;
  state: string;
  color: (typeof CHIP_COLORS)[ExportState];
  /** 0-100 while generando, else null. */
  percent: number | null;
  /** A line under the date: in the queue, size and files, why it failed, that it has expired. */
  detail: string | null;
  /** 'Caduca el …' of a ready one. */
  expires: string | null;
  downloadable: boolean;
  failed: boolean;
}

/** `now`: an archive deleted before its expiry date was replaced by a newer one of the same person. */
export function describeExport(e: PatientExport, now: number = Date.now()): ExportLine {
  const date = formatDateTimeEs(e.solicitado_en);
  const line: ExportLine = {
    date,
    requested: T.requestedOn(date),
    state: EXPORT_STATE_LABELS[e.estado] ?? e.estado,
    color: CHIP_COLORS[e.estado] ?? 'default',
    percent: null,
    detail: null,
    expires: null,
    downloadable: false,
    failed: false,
  };
  switch (e.estado) {
    case 'pendiente':
      return { ...line, detail: T.queued };
    case 'generando':
      return { ...line, percent: Math.min(100, Math.max(0, Math.round(e.progreso))) };
    case 'listo': {
      const size = e.tamano_bytes === null ? null : formatBytes(e.tamano_bytes);
      const files = e.archivos === null ? null : T.files(e.archivos);
      return {
        ...line,
        detail: size && files ? T.size(size, files) : (size ?? files),
        expires: e.caduca_en ? T.expiresOn(formatDateTimeEs(e.caduca_en)) : null,
        downloadable: true,
      };
    }
    case 'error':
      return { ...line, detail: e.mensaje_error || MSG.exports.failed, failed: true };
    case 'caducado':
      return { ...line, detail: e.caduca_en && Date.parse(e.caduca_en) > now ? T.replaced : MSG.exports.expired };
    default:
      return line;
  }
}
