import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QUESTIONNAIRES, type QuestionnaireResult } from '@consulta/shared';
import { scaleName } from '../../components/questionnaires/severity';
import { SeverityChip } from '../../components/questionnaires/SeverityChip';
import { formatDateEs } from '../../i18n/format';
import { QUESTIONNAIRES_TEXT } from '../../i18n/es/questionnaires';

const T = QUESTIONNAIRES_TEXT.tab;

/** The answers that raised the safety alert and are not reviewed yet, each with 'Marcar como revisado'. */
export function SafetyAlerts({
  results,
  busyId,
  onReview,
}: {
  results: QuestionnaireResult[];
  busyId: string | null;
  onReview: (id: string) => void;
}) {
  const pending = results.filter((r) => r.alerta && !r.revisada).reverse();
  if (pending.length === 0) return null;
  return (
    <Alert severity="error" icon={<WarningAmberRounded />} role="region" aria-label={T.alertsTitle} data-testid="questionnaire-alerts">
      <AlertTitle>{T.alertsTitle}</AlertTitle>
      <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {pending.map((r) => (
          <Stack key={r.id} component="li" direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2">{T.alertText(scaleName(r.codigo), formatDateEs(r.fecha))}</Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {QUESTIONNAIRES_TEXT.chart.scoreOf(r.puntuacion, QUESTIONNAIRES[r.codigo].puntuacion_maxima)}
                </Typography>
                <SeverityChip gravedad={r.gravedad} />
              </Stack>
            </Box>
            <Button variant="outlined" color="inherit" onClick={() => onReview(r.id)} disabled={busyId === r.id} sx={{ minHeight: 44 }}>
              {T.review}
            </Button>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}
