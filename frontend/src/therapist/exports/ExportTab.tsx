import Box from '@mui/material/Box';
import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { ExportsPanel } from '../../shell/exports/ExportsPanel';
import { EXPORT_TEXT as T } from '../../i18n/es/exports';
import { TabHeader } from '../../components/TabHeader';
import type { PatientTabProps } from '../patients/detail/tabTypes';

export const patientExportsKey = (patientId: string) => ['exportaciones', patientId] as const;

/** 'Exportar datos' of the patient detail: everything held about this patient in one archive (issue 17). */
export function ExportTab({ patient }: PatientTabProps) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return (
    <Box data-testid="export-tab" sx={{ minWidth: 0 }}>
      <TabHeader title={T.tabTitle} />
      <ExportsPanel
        scope="terapeuta"
        queryKey={patientExportsKey(patient.id)}
        calls={{
          list: () => dataProvider.getPatientExports(patient.id),
          request: () => dataProvider.requestPatientExport(patient.id),
          download: (exportId) => dataProvider.exportDownload(exportId),
        }}
      />
    </Box>
  );
}
