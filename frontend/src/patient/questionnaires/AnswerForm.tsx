import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Questionnaire } from '@consulta/shared';
import { useRef, useState } from 'react';
import { SubmitButton } from '../../components/SubmitButton';
import { QUESTIONNAIRES_TEXT } from '../../i18n/es/questionnaires';
import { unanswered } from './answers';
import { scrollMotion } from '../../components/motion';

const T = QUESTIONNAIRES_TEXT.patient;

/**
 * A scale on one screen: the instructions once, then each question with its four answers as large radio rows (a
 * phone's thumb reaches them; the person can look back before sending). Sending with questions left marks each of
 * them, says how many in the action area and moves to the first.
 */
export function AnswerForm({
  scale,
  sending,
  onBack,
  onSend,
}: {
  scale: Questionnaire;
  sending: boolean;
  onBack: () => void;
  onSend: (answers: number[]) => void;
}) {
  const [answers, setAnswers] = useState<(number | null)[]>(() => scale.items.map(() => null));
  const [tried, setTried] = useState(false);
  const groups = useRef<(HTMLDivElement | null)[]>([]);
  const missing = unanswered(answers);
  const done = answers.length - missing.length;

  const send = () => {
    setTried(true);
    if (missing.length > 0) {
      const first = groups.current[missing[0]];
      first?.scrollIntoView({ block: 'center', behavior: scrollMotion() });
      first?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
      return;
    }
    onSend(answers as number[]);
  };

  return (
    <Box component="form" noValidate aria-labelledby="answer-title" onSubmit={(e) => (e.preventDefault(), send())}>
      <Typography id="answer-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {`${scale.nombre} · ${scale.mide}`}
      </Typography>
      <Typography sx={{ mt: 1, mb: 2 }}>{scale.instrucciones}</Typography>
      <Stack spacing={2}>
        {scale.items.map((item, i) => {
          const invalid = tried && answers[i] === null;
          const labelId = `question-${item.numero}`;
          return (
            <Card key={item.numero} sx={{ p: { xs: 1.5, sm: 2 }, borderColor: invalid ? 'error.main' : undefined }}>
              <FormControl error={invalid} fullWidth ref={(el: HTMLDivElement | null) => void (groups.current[i] = el)}>
                <FormLabel
                  id={labelId}
                  sx={{ color: 'text.primary', fontWeight: 600, mb: 0.5, '&.Mui-focused': { color: 'text.primary' } }}
                >
                  {`${item.numero}. ${item.texto}`}
                </FormLabel>
                <RadioGroup
                  aria-labelledby={labelId}
                  aria-invalid={invalid}
                  value={answers[i] ?? ''}
                  onChange={(e) => setAnswers((list) => list.map((v, j) => (j === i ? Number(e.target.value) : v)))}
                >
                  {scale.opciones.map((o) => (
                    <FormControlLabel key={o.valor} value={o.valor} control={<Radio />} label={o.texto} sx={{ minHeight: 44, mr: 0 }} />
                  ))}
                </RadioGroup>
                {invalid && <FormHelperText>{T.itemMissing}</FormHelperText>}
              </FormControl>
            </Card>
          );
        })}
      </Stack>
      <Stack
        spacing={1.5}
        sx={{ position: 'sticky', bottom: 0, mt: 2, py: 1.5, bgcolor: 'background.default', borderTop: 1, borderColor: 'divider' }}
      >
        <Typography variant="body2" color="text.secondary" role="status">
          {T.progress(done, answers.length)}
        </Typography>
        {tried && missing.length > 0 && <Alert severity="warning">{T.missing(missing.length)}</Alert>}
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onBack} disabled={sending} sx={{ minHeight: 44 }}>
            {T.back}
          </Button>
          <SubmitButton busy={sending} label={T.send} busyLabel={T.sending} size="medium" sx={{ minHeight: 44 }} />
        </Stack>
      </Stack>
    </Box>
  );
}
