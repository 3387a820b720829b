import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import type { ExportCalls } from '../../shell/exports/useExports';

export const patientExportKeys = {
  ofPatient: (patientId: string) => ['exportaciones', patientId] as const,
};

/** The export panel's calls for one patient (the panel's own hook caches them under patientExportKeys). */
export function usePatientExportCalls(patientId: string): ExportCalls {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return {
    list: () => dataProvider.getPatientExports(patientId),
    request: () => dataProvider.requestPatientExport(patientId),
    download: (exportId) => dataProvider.exportDownload(exportId),
  };
}
