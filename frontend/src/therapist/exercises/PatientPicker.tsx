import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG } from '@consulta/shared';
import { useId, useState } from 'react';
import { EXERCISE_BANK_TEXT } from '../../i18n/es/exercise-bank';
import { matchesSearch } from './bankSearch';
import { usePatients } from '../patients/patientQueries';
import { FilterField } from '../../components/FilterField';

const T = EXERCISE_BANK_TEXT.patients;

interface PatientPickerProps {
  label: string;
  help?: string;
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
}

/** The therapist's patients as checkboxes, searchable, in a 200 px scroll area. */
export function PatientPicker({ label, help, value, onChange, disabled }: PatientPickerProps) {
  const patients = usePatients();
  const [query, setQuery] = useState('');
  const headingId = useId();
  const list = (patients.data ?? [])
    .map((p) => ({ id: p.id, name: `${p.nombre} ${p.apellido}` }))
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
  const shown = list.filter((p) => matchesSearch({ titulo: p.name, descripcion: null }, query));
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));

  let body;
  if (patients.isError) body = <Alert severity="error">{MSG.exercises.listPatientsFailed}</Alert>;
  else if (patients.isPending)
    body = (
      <Typography color="text.secondary" role="status">
        {T.loading}
      </Typography>
    );
  else if (list.length === 0) body = <Typography color="text.secondary">{T.none}</Typography>;
  else
    body = (
      <>
        {list.length > 5 && <FilterField fullWidth label={T.search} value={query} onChange={setQuery} sx={{ mb: 1 }} />}
        <Box
          role="group"
          aria-labelledby={headingId}
          sx={{ maxHeight: 200, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 0.5 }}
        >
          {shown.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 1 }}>
              {T.noMatch}
            </Typography>
          ) : (
            shown.map((p) => (
              <FormControlLabel
                key={p.id}
                sx={{ display: 'flex', mr: 0, minHeight: 40 }}
                control={<Checkbox checked={value.includes(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} disabled={disabled} />}
                label={p.name}
              />
            ))
          )}
        </Box>
      </>
    );

  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mb: 0.5 }}>
        <Typography id={headingId} variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
          {label}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {T.chosen(value.length)}
        </Typography>
      </Stack>
      {help && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {help}
        </Typography>
      )}
      {body}
    </Box>
  );
}
