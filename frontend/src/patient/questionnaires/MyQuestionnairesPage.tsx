import QuizOutlined from '@mui/icons-material/QuizOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatDay,
  QUESTIONNAIRE_CODES,
  type DueQuestionnaire,
  type Questionnaire,
  type QuestionnaireAnswerResponse,
  QUESTIONNAIRE_MSG,
} from '@consulta/shared';
import { useState } from 'react';
import { reportError } from '../../app/core/reportError';
import { Loading } from '../../components/LoadStates';
import { ScoreHistory } from '../../components/questionnaires/ScoreHistory';
import { resultsOf } from '../../components/questionnaires/severity';
import { TEXT } from '../../i18n/es/app';
import { QUESTIONNAIRES_TEXT } from '../../i18n/es/questionnaires';
import { SectionPage } from '../../shell/SectionPage';
import { AnswerForm } from './AnswerForm';
import { AnswerOutcome } from './AnswerOutcome';
import { useAnswerQuestionnaire, useMyQuestionnaires, useQuestionnaireCatalogue } from './myQuestionnaireQueries';

const T = QUESTIONNAIRES_TEXT.patient;

type Step =
  | { kind: 'list' }
  | { kind: 'answer'; due: DueQuestionnaire }
  | { kind: 'outcome'; scale: Questionnaire; outcome: QuestionnaireAnswerResponse };

function DueList({ due, onAnswer }: { due: DueQuestionnaire[]; onAnswer: (d: DueQuestionnaire) => void }) {
  return (
    <Box component="section" aria-labelledby="questionnaires-due">
      <Typography id="questionnaires-due" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {T.due}
      </Typography>
      {due.length === 0 ? (
        <Card sx={{ p: { xs: 2.5, sm: 3 }, display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <QuizOutlined color="primary" aria-hidden />
          <Typography color="text.secondary">{T.noneDue}</Typography>
        </Card>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {due.map((d) => (
            <Card component="li" key={d.asignacion_id} sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
              <Box sx={{ flex: 1, minWidth: 180 }}>
                <Typography sx={{ fontWeight: 700 }}>{d.nombre}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ '&::first-letter': { textTransform: 'uppercase' } }}>
                  {formatDay(d.fecha)}
                </Typography>
              </Box>
              <Button variant="contained" onClick={() => onAnswer(d)} sx={{ minHeight: 44 }} aria-label={`${T.answer} ${d.nombre}`}>
                {T.answer}
              </Button>
            </Card>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/**
 * 'Cuestionarios' of the patient area: what the therapist asked and is due, answering it (AnswerForm), the score
 * right after (AnswerOutcome, with the crisis lines when an answer raised the alert), and their own scores over time.
 */
export function MyQuestionnairesPage() {
  const list = useMyQuestionnaires();
  const catalogue = useQuestionnaireCatalogue();
  const answer = useAnswerQuestionnaire();
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const scaleOf = (codigo: string) => catalogue.data?.find((q) => q.codigo === codigo);
  const toList = () => {
    setStep({ kind: 'list' });
    window.scrollTo({ top: 0 });
  };

  const send = (due: DueQuestionnaire, respuestas: number[]) =>
    answer.mutate(
      { assignmentId: due.asignacion_id, respuestas },
      {
        onSuccess: (outcome) => {
          setStep({ kind: 'outcome', scale: scaleOf(due.codigo)!, outcome });
          window.scrollTo({ top: 0 });
        },
        onError: (error) => {
          reportError(error, QUESTIONNAIRE_MSG.saveFailed);
          toList();
        },
      },
    );

  const failed = list.isError || catalogue.isError;
  return (
    <SectionPage title={T.title}>
      {step.kind === 'answer' && scaleOf(step.due.codigo) ? (
        <AnswerForm scale={scaleOf(step.due.codigo)!} sending={answer.isPending} onBack={toList} onSend={(r) => send(step.due, r)} />
      ) : step.kind === 'outcome' ? (
        <AnswerOutcome scale={step.scale} outcome={step.outcome} onDone={toList} />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mt: -1.5, mb: 2.5 }}>
            {T.intro}
          </Typography>
          {list.isPending || catalogue.isPending ? (
            <Loading text={QUESTIONNAIRES_TEXT.loading} />
          ) : failed ? (
            <Alert
              severity="error"
              variant="outlined"
              action={
                <Button color="inherit" size="small" onClick={() => void Promise.all([list.refetch(), catalogue.refetch()])}>
                  {TEXT.common.retry}
                </Button>
              }
            >
              {QUESTIONNAIRE_MSG.loadFailed}
            </Alert>
          ) : (
            <Stack spacing={3.5}>
              <DueList due={list.data.pendientes} onAnswer={(due) => setStep({ kind: 'answer', due })} />
              <Box component="section" aria-labelledby="questionnaires-history">
                <Typography id="questionnaires-history" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
                  {T.history}
                </Typography>
                {list.data.resultados.length === 0 ? (
                  <Typography color="text.secondary">{T.noHistory}</Typography>
                ) : (
                  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2.5 }}>
                    {QUESTIONNAIRE_CODES.map((code) => {
                      const own = resultsOf(list.data.resultados, code);
                      return own.length > 0 && <ScoreHistory key={code} codigo={code} results={own} />;
                    })}
                  </Box>
                )}
              </Box>
            </Stack>
          )}
        </>
      )}
    </SectionPage>
  );
}
