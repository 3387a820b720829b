import QuizOutlined from '@mui/icons-material/QuizOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { QUESTIONNAIRES_TEXT } from '../../i18n/es/questionnaires';
import { PATIENT_PATHS } from '../paths';
import { useMyQuestionnaires } from '../questionnaires/myQuestionnaireQueries';

const T = QUESTIONNAIRES_TEXT.patient;

/** On the dashboard, only while something is due: which scales, and the way to answer them. */
export function DueQuestionnaires() {
  const list = useMyQuestionnaires();
  const due = list.data?.pendientes ?? [];
  if (due.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="dashboard-questionnaires" sx={{ p: { xs: 2, sm: 2.5 }, borderColor: 'primary.main' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <QuizOutlined color="primary" aria-hidden />
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="dashboard-questionnaires" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {T.dashboardTitle}
          </Typography>
          <Typography color="text.secondary">{due.map((d) => d.nombre).join(', ')}</Typography>
        </Stack>
        <Button variant="contained" component={RouterLink} to={PATIENT_PATHS.questionnaires} sx={{ minHeight: 44 }}>
          {T.dashboardLink}
        </Button>
      </Stack>
    </Card>
  );
}
