import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDay, QUESTIONNAIRE_FREQUENCY_LABELS, todayIsoDate, type QuestionnaireAssignment } from '@consulta/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { scaleName } from '../../components/questionnaires/severity';
import { QUESTIONNAIRES_TEXT } from '../../i18n/es/questionnaires';

const T = QUESTIONNAIRES_TEXT.tab;

/** Where an assignment stands, in words. */
function status(a: QuestionnaireAssignment): string {
  if (a.detenida_en) return T.stopped;
  if (!a.proxima_fecha) return T.finished;
  return a.proxima_fecha <= todayIsoDate() ? T.dueNow : T.nextDue(formatDay(a.proxima_fecha));
}

/** The scales assigned to the patient: how often, where each stands, and 'Dejar de pedir' for the live ones. */
export function AssignmentList({
  assignments,
  busyId,
  onStop,
}: {
  assignments: QuestionnaireAssignment[];
  busyId: string | null;
  onStop: (id: string) => void;
}) {
  const [stopping, setStopping] = useState<QuestionnaireAssignment | null>(null);
  return (
    <Card component="section" aria-labelledby="questionnaire-assignments">
      <Typography id="questionnaire-assignments" variant="subtitle1" component="h3" sx={{ fontWeight: 700, px: 2, pt: 1.5, pb: 0.5 }}>
        {T.assignments}
      </Typography>
      {assignments.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {T.noAssignments}
        </Typography>
      ) : (
        <Box component="ul" aria-labelledby="questionnaire-assignments" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {assignments.map((a) => (
            <Stack
              key={a.id}
              component="li"
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ px: 2, py: 1.25, borderTop: 1, borderColor: 'divider', alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {scaleName(a.codigo)} · {QUESTIONNAIRE_FREQUENCY_LABELS[a.frecuencia_dias]}
                  {a.hasta ? ` (${T.until(formatDay(a.hasta))})` : ''}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
                  <Chip
                    size="small"
                    label={status(a)}
                    color={a.activa ? 'primary' : 'default'}
                    variant={a.activa ? 'filled' : 'outlined'}
                  />
                  <Typography variant="body2" color="text.secondary">
                    {T.answersCount(a.respuestas_recibidas)}
                  </Typography>
                </Stack>
              </Box>
              {a.activa && (
                <Button
                  color="error"
                  onClick={() => setStopping(a)}
                  disabled={busyId === a.id}
                  sx={{ minHeight: 44, alignSelf: { xs: 'flex-start', sm: 'center' } }}
                >
                  {T.stop}
                </Button>
              )}
            </Stack>
          ))}
        </Box>
      )}
      <ConfirmDialog
        id="stop-questionnaire"
        open={stopping !== null}
        title={T.stop}
        action={{ label: T.stop, color: 'error' }}
        busy={stopping !== null && busyId === stopping.id}
        onCancel={() => setStopping(null)}
        onConfirm={() => {
          if (stopping) onStop(stopping.id);
          setStopping(null);
        }}
      >
        {stopping ? T.stopConfirm(scaleName(stopping.codigo)) : ''}
      </ConfirmDialog>
    </Card>
  );
}
