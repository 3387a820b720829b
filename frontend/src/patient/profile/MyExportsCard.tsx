import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { ExportsPanel } from '../../shell/exports/ExportsPanel';
import { EXPORT_TEXT as T } from '../../i18n/es/exports';
import { patientAreaKeys } from '../patientQueries';

/** 'Descargar mis datos' in 'Mi Perfil': the patient's own data, as their area shows it, in one archive (issue 17). */
export function MyExportsCard() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return (
    <Card component="section" aria-labelledby="exports-card-title" data-testid="my-exports">
      <CardContent sx={{ p: { xs: 2.25, sm: 3 } }}>
        <Typography id="exports-card-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {T.mineTitle}
        </Typography>
        <ExportsPanel
          scope="paciente"
          queryKey={patientAreaKeys.exports}
          calls={{
            list: () => dataProvider.getMyExports(),
            request: () => dataProvider.requestMyExport(),
            download: (exportId) => dataProvider.exportDownload(exportId),
          }}
        />
      </CardContent>
    </Card>
  );
}
