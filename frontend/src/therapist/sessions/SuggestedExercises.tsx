import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG, type ExerciseSuggestion, type Session } from '@consulta/shared';
import { useId, useState } from 'react';
import { errorCode } from '../../app/core/http';
import { useAiConfigured } from '../../app/core/publicConfig';
import { reportError } from '../../app/core/reportError';
import { CategoryChip } from '../../components/exercises/ExerciseChips';
import { toastSuccess } from '../../components/toast/toastStore';
import { EXERCISE_SUGGESTIONS_TEXT as T } from '../../i18n/es/exercise-suggestions';
import { useConsentGiven } from '../consents/consentQueries';
import { MissingConsent } from '../consents/MissingConsent';
import { useAssignExercise, usePatientExercises } from '../patient-exercises/patientExerciseQueries';
import { hasAnalysableContent } from './aiActions';
import { DetailSection } from './SessionDetailSections';
import { useSuggestExercises } from './sessionQueries';

/** One suggestion: the exercise, why it fits, and 'Asignar' (or 'Asignado' once it is on the patient's list). */
function SuggestionItem({
  suggestion,
  assigned,
  assigning,
  onAssign,
}: {
  suggestion: ExerciseSuggestion;
  assigned: boolean;
  assigning: boolean;
  onAssign: () => void;
}) {
  const titleId = useId();
  return (
    <Paper component="li" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        useFlexGap
        sx={{ gap: 1.5, alignItems: { xs: 'stretch', sm: 'flex-start' }, justifyContent: 'space-between' }}
      >
        <Stack spacing={0.75} sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" useFlexGap sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id={titleId} variant="subtitle2" component="h4" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {suggestion.titulo}
            </Typography>
            <CategoryChip categoria={suggestion.categoria} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {suggestion.motivo}
          </Typography>
        </Stack>
        {assigned ? (
          <Chip
            icon={<CheckCircleOutlined />}
            label={T.assigned}
            color="success"
            variant="outlined"
            data-testid="suggestion-assigned"
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          />
        ) : (
          <Button
            variant="contained"
            size="small"
            onClick={onAssign}
            disabled={assigning}
            aria-label={T.assignLabel(suggestion.titulo)}
            startIcon={assigning ? <CircularProgress size={14} color="inherit" /> : undefined}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
          >
            {T.assign}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * 'Ejercicios sugeridos' of a saved session: asks the AI for up to three exercises of the therapist's own bank that fit
 * it, and lets the therapist assign each one. Like the other AI actions it says why it is unavailable (no provider,
 * no AI consent, nothing to read) instead of failing; nothing is assigned without the therapist.
 */
export function SuggestedExercises({ session }: { session: Session }) {
  const patientId = session.paciente_id;
  const aiConfigured = useAiConfigured();
  const aiAllowed = useConsentGiven(patientId, 'ia');
  const suggest = useSuggestExercises();
  const assign = useAssignExercise(patientId);
  const [suggestions, setSuggestions] = useState<ExerciseSuggestion[] | null>(null);
  const [assigning, setAssigning] = useState<string | null>(null);
  const [assignedNow, setAssignedNow] = useState<ReadonlySet<string>>(new Set());
  // The patient's list says which suggestions they already have; read only once there are suggestions.
  const list = usePatientExercises(patientId, { enabled: Boolean(suggestions?.length) });
  const onList = new Set(list.data?.ejercicios.map((e) => e.id));
  const reasonId = useId();

  const hasContent = hasAnalysableContent(session);
  const reason = !aiConfigured ? T.notConfigured : !hasContent ? T.needsContent : null;
  const busy = suggest.isPending;

  async function run() {
    setSuggestions(null);
    try {
      setSuggestions((await suggest.mutateAsync(session.id)).sugerencias);
    } catch (error) {
      reportError(error, MSG.exerciseSuggestions.failed);
    }
  }

  async function assignOne(exerciseId: string) {
    setAssigning(exerciseId);
    try {
      await assign.mutateAsync(exerciseId);
      toastSuccess(MSG.exercises.assigned);
      setAssignedNow((done) => new Set(done).add(exerciseId));
    } catch (error) {
      // Assigned meanwhile (another tab): it is on the list, as the therapist wanted.
      if (errorCode(error) === 'ALREADY_ASSIGNED') setAssignedNow((done) => new Set(done).add(exerciseId));
      else reportError(error, MSG.exercises.assignFailed);
    } finally {
      setAssigning(null);
    }
  }

  const status = busy ? T.searchingStatus : suggestions === null ? '' : suggestions.length === 0 ? T.none : T.found(suggestions.length);

  return (
    <DetailSection title={T.heading}>
      <Stack spacing={1.5} sx={{ minWidth: 0 }} data-testid="exercise-suggestions">
        <Typography variant="body2" color="text.secondary">
          {T.intro}
        </Typography>
        {aiConfigured && aiAllowed === false && <MissingConsent patientId={patientId} kind="ia" />}
        <Stack direction={{ xs: 'column', sm: 'row' }} useFlexGap sx={{ gap: 1, alignItems: { xs: 'stretch', sm: 'center' } }}>
          <Button
            variant="outlined"
            onClick={() => void run()}
            disabled={reason !== null || aiAllowed !== true || busy}
            aria-describedby={reason ? reasonId : undefined}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <AutoAwesomeOutlined />}
            sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
          >
            {busy ? T.suggesting : suggestions === null ? T.suggest : T.suggestAgain}
          </Button>
          {reason && (
            <Typography id={reasonId} variant="body2" color="text.secondary" data-testid="suggestions-unavailable">
              {reason}
            </Typography>
          )}
        </Stack>
        <Box role="status" aria-live="polite" data-testid="suggestions-status" sx={{ '&:empty': { display: 'none' } }}>
          {status && (
            <Typography variant="body2" sx={{ fontWeight: suggestions?.length === 0 ? 400 : 600 }}>
              {status}
            </Typography>
          )}
        </Box>
        {suggestions && suggestions.length > 0 && (
          <Box component="ul" aria-label={T.heading} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {suggestions.map((s) => (
              <SuggestionItem
                key={s.ejercicio_id}
                suggestion={s}
                assigned={assignedNow.has(s.ejercicio_id) || onList.has(s.ejercicio_id)}
                assigning={assigning === s.ejercicio_id}
                onAssign={() => void assignOne(s.ejercicio_id)}
              />
            ))}
          </Box>
        )}
      </Stack>
    </DetailSection>
  );
}
