import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { PatientListItem } from '@consulta/shared';
import { useMemo } from 'react';
import { fullName } from '../../patients/patientFormat';
import { usePatients } from '../../patients/patientQueries';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';

/** The patient of a session recorded from /nueva-sesion (or of a new appointment): searchable by name or e-mail. */
export function PatientPicker({
  value,
  onChange,
  disabled,
  error,
  autoFocus,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  disabled?: boolean;
  /** A problem to show under the field. */
  error?: string;
  autoFocus?: boolean;
}) {
  const { data: patients, isPending: loading } = usePatients({ reportFailure: true });
  const sorted = useMemo(() => [...(patients ?? [])].sort((a, b) => fullName(a).localeCompare(fullName(b), 'es')), [patients]);
  const selected = sorted.find((p) => p.id === value) ?? null;
  return (
    <Autocomplete<PatientListItem>
      options={sorted}
      value={selected}
      loading={loading}
      disabled={disabled}
      onChange={(_e, patient) => onChange(patient?.id ?? null)}
      getOptionLabel={fullName}
      getOptionKey={(p) => p.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options, { inputValue }) => {
        const q = inputValue.trim().toLocaleLowerCase('es');
        return q ? options.filter((p) => `${fullName(p)} ${p.email}`.toLocaleLowerCase('es').includes(q)) : options;
      }}
      renderOption={({ key, ...props }, p) => (
        <li key={key} {...props}>
          <span>
            {fullName(p)}
            <br />
            <small style={{ opacity: 0.7 }}>{p.email}</small>
          </span>
        </li>
      )}
      noOptionsText={WORKSPACE_TEXT.newSession.noPatientMatch}
      loadingText={WORKSPACE_TEXT.newSession.loadingPatients}
      renderInput={(params) => (
        <TextField
          {...params}
          label={WORKSPACE_TEXT.newSession.patient}
          required
          autoFocus={autoFocus}
          placeholder={WORKSPACE_TEXT.newSession.patientPlaceholder}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
