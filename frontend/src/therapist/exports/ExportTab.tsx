import Box from '@mui/material/Box';
import { ExportsPanel } from '../../shell/exports/ExportsPanel';
import { EXPORT_TEXT as T } from '../../i18n/es/exports';
import { TabHeader } from '../../components/TabHeader';
import type { PatientTabProps } from '../patients/detail/tabTypes';
import { patientExportKeys, usePatientExportCalls } from './exportQueries';

/** 'Exportar datos' of the patient detail: everything held about this patient in one archive (issue 17). */
export function ExportTab({ patient }: PatientTabProps) {
  const calls = usePatientExportCalls(patient.id);
  return (
    <Box data-testid="export-tab" sx={{ minWidth: 0 }}>
      <TabHeader title={T.tabTitle} />
      <ExportsPanel scope="terapeuta" queryKey={patientExportKeys.ofPatient(patient.id)} calls={calls} />
    </Box>
  );
}
