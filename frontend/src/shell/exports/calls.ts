import type { DownloadUrlAnswer } from '@consulta/shared';
import { segment, type HttpClient } from '../../app/core/http';

/** What both sides' export panels share. */
export const exportDownloadCalls = (http: HttpClient) => ({
  /** GET /exportaciones/{id}/descarga: a signed URL of a ready archive (409 EXPORT_NOT_READY, 410 EXPORT_EXPIRED). */
  exportDownload: (exportId: string) => http.get<DownloadUrlAnswer>(`/exportaciones/${segment(exportId)}/descarga`),
});

export type ExportDownloadCalls = ReturnType<typeof exportDownloadCalls>;
