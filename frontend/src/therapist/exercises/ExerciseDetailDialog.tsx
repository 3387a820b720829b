import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG, type Exercise, type ExerciseAssignee } from '@consulta/shared';
import { CategoryChip, SourceChips } from '../../components/exercises/ExerciseChips';
import { ExerciseMaterial } from '../../components/exercises/ExerciseMaterial';
import { EXERCISE_BANK_TEXT } from '../../i18n/es/exercise-bank';
import { formatDateEs } from '../../i18n/format';
import { reportFileOpenFailed, useFileUrl } from '../../shell/upload/storageQueries';
import { BankDescription, BankDetailDialog } from './BankDetailDialog';
import { useExerciseAssignees } from './bankQueries';
import { DetailBlock } from '../../components/DetailBlock';

const T = EXERCISE_BANK_TEXT.detail;

function Assignee({ a }: { a: ExerciseAssignee }) {
  return (
    <Box component="li" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 0.75 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, flex: '1 1 160px', minWidth: 0, overflowWrap: 'anywhere' }}>
        {a.nombre} {a.apellido}
      </Typography>
      <SourceChips item={a} />
      <Chip
        size="small"
        color={a.completado ? 'success' : 'default'}
        variant={a.completado ? 'filled' : 'outlined'}
        label={a.completado ? T.completedOn(formatDateEs(a.fecha_completado)) : T.pending}
      />
    </Box>
  );
}

/** A bank exercise in full: category, description, material ('Ver Archivo'), modules count and who has it. */
export function ExerciseDetailDialog({ exercise, onEdit, onClose }: { exercise: Exercise; onEdit: () => void; onClose: () => void }) {
  const fileUrl = useFileUrl();
  const assignees = useExerciseAssignees(exercise.id);
  let patients;
  if (assignees.isError)
    patients = (
      <Typography color="error" variant="body2">
        {MSG.exercises.listPatientsFailed}
      </Typography>
    );
  else if (!assignees.data)
    patients = (
      <Typography color="text.secondary" variant="body2">
        {T.loadingPatients}
      </Typography>
    );
  else if (assignees.data.length === 0)
    patients = (
      <Typography color="text.secondary" variant="body2">
        {T.noPatients}
      </Typography>
    );
  else
    patients = (
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {assignees.data.map((a) => (
          <Assignee key={a.paciente_id} a={a} />
        ))}
      </Box>
    );

  return (
    <BankDetailDialog id="bank-exercise-detail" item={exercise} onEdit={onEdit} onClose={onClose}>
      <DetailBlock title={T.category}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
          <CategoryChip categoria={exercise.categoria} />
        </Stack>
      </DetailBlock>
      <BankDescription text={exercise.descripcion} />
      <DetailBlock title={T.material}>
        <ExerciseMaterial fileKeys={exercise.archivo_url} fileUrl={fileUrl} onOpenFailed={reportFileOpenFailed} />
      </DetailBlock>
      <DetailBlock title={T.modules}>
        <Typography variant="body2">
          {exercise.modulos_count === 0 ? T.inNoModule : EXERCISE_BANK_TEXT.card.inModules(exercise.modulos_count)}
        </Typography>
      </DetailBlock>
      <DetailBlock title={`${T.patients} (${exercise.pacientes_asignados})`}>{patients}</DetailBlock>
    </BankDetailDialog>
  );
}
