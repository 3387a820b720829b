import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ExportsPanel } from '../../shell/exports/ExportsPanel';
import { EXPORT_TEXT as T } from '../../i18n/es/exports';
import { patientAreaKeys, useMyExportCalls } from '../patientQueries';

/** 'Descargar mis datos' in 'Mi Perfil': the patient's own data, as their area shows it, in one archive (issue 17). */
export function MyExportsCard() {
  const calls = useMyExportCalls();
  return (
    <Card component="section" aria-labelledby="exports-card-title" data-testid="my-exports">
      <CardContent sx={{ p: { xs: 2.25, sm: 3 } }}>
        <Typography id="exports-card-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {T.mineTitle}
        </Typography>
        <ExportsPanel scope="paciente" queryKey={patientAreaKeys.exports} calls={calls} />
      </CardContent>
    </Card>
  );
}
