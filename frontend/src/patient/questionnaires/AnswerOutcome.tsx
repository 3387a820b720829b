import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Questionnaire, QuestionnaireAnswerResponse } from '@consulta/shared';
import { useEffect, useRef } from 'react';
import { SeverityChip } from '../../components/questionnaires/SeverityChip';
import { severityLabel } from '../../components/questionnaires/severity';
import { QUESTIONNAIRES_TEXT } from '../../i18n/es/questionnaires';

const T = QUESTIONNAIRES_TEXT.patient;

/**
 * After answering: the score and its band in plain words and, when an answer raised the safety alert, a calm note
 * with the crisis lines to call (tel: links), first on the screen.
 */
export function AnswerOutcome({
  scale,
  outcome,
  onDone,
}: {
  scale: Questionnaire;
  outcome: QuestionnaireAnswerResponse;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Stack spacing={2.5} data-testid="questionnaire-outcome">
      {outcome.alerta && (
        <Alert severity="info" icon={false} role="region" aria-label={T.crisisTitle} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
          <AlertTitle sx={{ fontWeight: 700 }}>{T.crisisTitle}</AlertTitle>
          <Typography sx={{ mb: 1.5 }}>{T.crisisText}</Typography>
          <Stack spacing={1}>
            {outcome.lineas_crisis.map((line) => (
              <Button
                key={line.numero}
                href={`tel:${line.numero.replace(/\s+/g, '')}`}
                variant="contained"
                startIcon={<PhoneOutlined />}
                sx={{ justifyContent: 'flex-start', minHeight: 48, textAlign: 'left' }}
              >
                {`${line.numero} · ${line.nombre}`}
              </Button>
            ))}
          </Stack>
        </Alert>
      )}
      <Card sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography ref={heading} tabIndex={-1} variant="h6" component="h2" sx={{ fontWeight: 700, outline: 'none' }}>
          {T.resultTitle}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
          <Typography>{T.resultText(outcome.puntuacion, scale.puntuacion_maxima, severityLabel(outcome.gravedad))}</Typography>
          <SeverityChip gravedad={outcome.gravedad} />
        </Box>
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          {T.resultNote}
        </Typography>
        <Button variant="outlined" onClick={onDone} sx={{ mt: 2.5, minHeight: 44 }}>
          {T.done}
        </Button>
      </Card>
    </Stack>
  );
}
