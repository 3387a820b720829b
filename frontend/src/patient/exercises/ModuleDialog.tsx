import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { MSG, type AssignedModule, type AssignedModuleExercise } from '@consulta/shared';
import { EXERCISE_WIDGETS_TEXT, PATIENT_EXERCISES_TEXT } from '../../i18n/es/patient-exercises';
import { ExerciseItem, type ExerciseItemActions } from './ExerciseList';
import { useFullScreenOnPhone } from '../../components/useFullScreenOnPhone';

const T = PATIENT_EXERCISES_TEXT;

export interface ModuleExercisesState {
  exercises: readonly AssignedModuleExercise[] | undefined;
  loading: boolean;
  failed: boolean;
  onLoad: () => void;
}

interface ModuleDialogProps {
  module: AssignedModule | null;
  state: ModuleExercisesState;
  actions: ExerciseItemActions;
  onClose: () => void;
}

/** A module's exercises, loaded on request ('Cargar ejercicios'), with a hint on how to work through them. */
export function ModuleDialog({ module, state, actions, onClose }: ModuleDialogProps) {
  const fullScreen = useFullScreenOnPhone();
  const { exercises, loading, failed, onLoad } = state;
  return (
    <Dialog open={Boolean(module)} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="module-dialog-title">
      {module && (
        <>
          <DialogTitle id="module-dialog-title" sx={{ overflowWrap: 'anywhere' }}>
            {module.titulo}
          </DialogTitle>
          <DialogContent dividers>
            {module.descripcion && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
                {module.descripcion}
              </Typography>
            )}
            <Alert severity="info" sx={{ mb: 2 }}>
              <strong>{T.modules.hintTitle}.</strong> {T.modules.hint}
            </Alert>
            {failed && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {MSG.exercises.patientLoadFailed}
              </Alert>
            )}
            {exercises === undefined ? (
              <Button variant="contained" onClick={onLoad} disabled={loading} sx={{ minHeight: 44 }}>
                {loading ? T.modules.loading : T.modules.load}
              </Button>
            ) : exercises.length === 0 ? (
              <Typography color="text.secondary">{T.empty.moduleExercises}</Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
                {exercises.map((exercise) => (
                  <ExerciseItem key={exercise.id} exercise={exercise} actions={actions} />
                ))}
              </Box>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} sx={{ minHeight: 44 }}>
              {EXERCISE_WIDGETS_TEXT.detail.close}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
