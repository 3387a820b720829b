import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';
import { QUESTIONNAIRE_CODES, QUESTIONNAIRE_MSG, type AssignQuestionnairePayload } from '@consulta/shared';
import { useState } from 'react';
import { reportError } from '../../app/core/reportError';
import { toastSuccess } from '../../components/toast/toastStore';
import { LoadFailed, Loading } from '../../components/LoadStates';
import { ScoreHistory } from '../../components/questionnaires/ScoreHistory';
import { resultsOf } from '../../components/questionnaires/severity';
import { TabHeader } from '../../components/TabHeader';
import { QUESTIONNAIRES_TEXT } from '../../i18n/es/questionnaires';
import type { PatientTabProps } from '../patients/detail/tabTypes';
import { AssignmentList } from './AssignmentList';
import { AssignQuestionnaireDialog } from './AssignQuestionnaireDialog';
import { SafetyAlerts } from './SafetyAlerts';
import {
  useAssignQuestionnaire,
  useQuestionnaireAssignments,
  useQuestionnaireResults,
  useReviewQuestionnaireResult,
  useStopQuestionnaire,
} from './questionnaireQueries';

const T = QUESTIONNAIRES_TEXT.tab;

/** 'Cuestionarios' of the patient detail: answers needing attention first, the assigned scales, each scale's chart. */
export function PatientQuestionnairesTab({ patient }: PatientTabProps) {
  const assignments = useQuestionnaireAssignments(patient.id);
  const results = useQuestionnaireResults(patient.id);
  const assign = useAssignQuestionnaire(patient.id);
  const stop = useStopQuestionnaire(patient.id);
  const review = useReviewQuestionnaireResult(patient.id);
  const [assigning, setAssigning] = useState(false);

  const onAssign = (payload: AssignQuestionnairePayload) =>
    assign.mutate(payload, {
      onSuccess: () => {
        setAssigning(false);
        toastSuccess(QUESTIONNAIRE_MSG.assigned);
      },
      onError: (error) => reportError(error, QUESTIONNAIRE_MSG.saveFailed),
    });

  const failed = assignments.isError || results.isError;
  return (
    <Box>
      <TabHeader title={T.title} summary={T.summary}>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setAssigning(true)}>
          {T.assign}
        </Button>
      </TabHeader>
      {failed ? (
        <LoadFailed
          text={QUESTIONNAIRE_MSG.loadFailed}
          onRetry={() => {
            void assignments.refetch();
            void results.refetch();
          }}
        />
      ) : assignments.isPending || results.isPending ? (
        <Loading text={QUESTIONNAIRES_TEXT.loading} />
      ) : (
        <Stack spacing={2.5}>
          <SafetyAlerts
            results={results.data}
            busyId={review.isPending ? review.variables : null}
            onReview={(id) =>
              review.mutate(id, {
                onSuccess: () => toastSuccess(QUESTIONNAIRE_MSG.reviewed),
                onError: (error) => reportError(error, QUESTIONNAIRE_MSG.saveFailed),
              })
            }
          />
          <AssignmentList
            assignments={assignments.data}
            busyId={stop.isPending ? stop.variables : null}
            onStop={(id) =>
              stop.mutate(id, {
                onSuccess: () => toastSuccess(QUESTIONNAIRE_MSG.stoppedOk),
                onError: (error) => reportError(error, QUESTIONNAIRE_MSG.saveFailed),
              })
            }
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2.5 }}>
            {QUESTIONNAIRE_CODES.map((code) => resultsOf(results.data, code)).map(
              (list, i) => list.length > 0 && <ScoreHistory key={QUESTIONNAIRE_CODES[i]} codigo={QUESTIONNAIRE_CODES[i]} results={list} />,
            )}
          </Box>
        </Stack>
      )}
      <AssignQuestionnaireDialog
        open={assigning}
        patientId={patient.id}
        busy={assign.isPending}
        onCancel={() => setAssigning(false)}
        onConfirm={onAssign}
      />
    </Box>
  );
}
