import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MSG, type Module } from '@consulta/shared';
import { CategoryChip } from '../../components/exercises/ExerciseChips';
import { EXERCISE_BANK_TEXT } from '../../i18n/es/exercise-bank';
import { formatDateEs } from '../../i18n/format';
import { BankDescription, BankDetailDialog } from './BankDetailDialog';
import { usePatients } from '../patients/patientQueries';
import { useModuleDetail, useModuleLinks } from './bankQueries';
import { DetailBlock } from '../../components/DetailBlock';

const T = EXERCISE_BANK_TEXT.detail;

const muted = (text: string) => (
  <Typography color="text.secondary" variant="body2">
    {text}
  </Typography>
);

/** A module in full: description, its exercises in order and the patients who have it. */
export function ModuleDetailDialog({ module, onEdit, onClose }: { module: Module; onEdit: () => void; onClose: () => void }) {
  const detail = useModuleDetail(module.id);
  const links = useModuleLinks();
  const patients = usePatients();

  let exercises;
  if (detail.isError) exercises = muted(MSG.exercises.listExercisesFailed);
  else if (!detail.data) exercises = muted(T.loadingPatients);
  else if (detail.data.ejercicios.length === 0) exercises = muted(T.moduleNoExercises);
  else
    exercises = (
      <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
        {detail.data.ejercicios.map((e) => (
          <li key={e.id}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 600, mr: 1, overflowWrap: 'anywhere' }}>
              {e.titulo}
            </Typography>
            <CategoryChip categoria={e.categoria} />
          </li>
        ))}
      </Box>
    );

  const names = new Map((patients.data ?? []).map((p) => [p.id, `${p.nombre} ${p.apellido}`]));
  const holders = (links.data ?? []).filter((l) => l.modulo_id === module.id && names.has(l.paciente_id));
  let who;
  if (links.isError || patients.isError) who = muted(MSG.exercises.listPatientsFailed);
  else if (!links.data || !patients.data) who = muted(T.loadingPatients);
  else if (holders.length === 0) who = muted(T.modulePatientsNone);
  else
    who = (
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
        {holders.map((l) => (
          <Box component="li" key={l.paciente_id} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {names.get(l.paciente_id)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {T.assignedOn(formatDateEs(l.asignado_en))}
            </Typography>
          </Box>
        ))}
      </Box>
    );

  return (
    <BankDetailDialog id="bank-module-detail" item={module} onEdit={onEdit} onClose={onClose}>
      <BankDescription text={module.descripcion} />
      <DetailBlock title={`${T.exercises} (${module.ejercicios_count})`}>{exercises}</DetailBlock>
      <DetailBlock title={`${T.patients} (${module.pacientes_asignados})`}>{who}</DetailBlock>
    </BankDetailDialog>
  );
}
