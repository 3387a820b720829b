import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MSG,
  PATIENT_PROFILE_LIMITS,
  PHONE_MAX_DIGITS,
  dialCodeOf,
  formatPhone,
  todayIsoDate,
  typedPhone,
  type PatientOwnProfile,
} from '@consulta/shared';
import { useCallback, useState, type FormEvent } from 'react';
import { useAuth } from '../../app/auth/AuthContext';
import { reportError } from '../../app/core/reportError';
import { usePublicConfig } from '../../app/core/publicConfig';
import { DialCodeSelect } from '../../components/DialCodeSelect';
import { InfoField, InfoGrid, LongText } from '../../components/InfoBlock';
import { SectionPage } from '../../shell/SectionPage';
import { toastSuccess } from '../../components/toast/toastStore';
import { MY_PROFILE_TEXT as T } from '../../i18n/es/patient-area';
import { formatDateEs } from '../../i18n/format';
import { useMyProfile, useUpdateMyProfile } from '../patientQueries';
import { ProfilePhoto } from './ProfilePhoto';
import { FormProblems, serverFieldErrors, useFieldErrors } from '../../components/forms';
import { useUnsavedChanges } from '../../components/unsaved/useUnsavedChanges';
import { toForm, toPayload, validate, type ProfileErrors, type ProfileForm } from './profileForm';
import { MyConsentsCard } from './MyConsentsCard';
import { MyExportsCard } from './MyExportsCard';
import { TherapyCard } from './TherapyCard';
import { DateInput } from '../../components/forms/DateFields';
import { LoadingSpinner } from '../../components/LoadStates';

const missing = (value: string | null) => ({ value: value || T.notSpecified, missing: !value });

/** The fields the patient edits: birth date, phone (dial code + digits), address, gender and their own notes. */
function EditFields({
  form,
  errors,
  onChange,
}: {
  form: ProfileForm;
  errors: ProfileErrors;
  onChange: (changes: Partial<ProfileForm>) => void;
}) {
  return (
    <>
      <DateInput
        label={T.fields.birthDate}
        value={form.fecha_nacimiento}
        onChange={(v) => onChange({ fecha_nacimiento: v })}
        data-field="fecha_nacimiento"
        error={Boolean(errors.fecha_nacimiento)}
        helperText={errors.fecha_nacimiento}
        min="1900-01-01"
        max={todayIsoDate()}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ width: 112, flexShrink: 0 }}>
          <DialCodeSelect id="profile-dial-code" value={form.dialCode} onChange={(dialCode) => onChange({ dialCode })} />
        </Box>
        <TextField
          label={T.fields.phone}
          value={form.telefono}
          onChange={(e) => {
            // A number typed with its own code ('+34 612…') keeps it: the select follows.
            const typed = typedPhone(e.target.value, form.dialCode);
            onChange({ dialCode: typed.dialCode, telefono: typed.digits.slice(0, PHONE_MAX_DIGITS + 4) });
          }}
          data-field="telefono"
          error={Boolean(errors.telefono)}
          helperText={errors.telefono ?? T.fields.phoneHint}
          slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel-national' } }}
          fullWidth
        />
      </Stack>
      <TextField
        label={T.fields.gender}
        value={form.genero}
        onChange={(e) => onChange({ genero: e.target.value })}
        error={Boolean(errors.genero)}
        helperText={errors.genero ?? T.fields.genderHint}
        slotProps={{ htmlInput: { maxLength: PATIENT_PROFILE_LIMITS.generoMax, autoComplete: 'sex' } }}
      />
      <TextField
        label={T.fields.address}
        value={form.direccion}
        onChange={(e) => onChange({ direccion: e.target.value })}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: PATIENT_PROFILE_LIMITS.direccionMax, autoComplete: 'street-address' } }}
        sx={{ gridColumn: '1 / -1' }}
      />
      <TextField
        label={T.fields.notes}
        value={form.notas}
        onChange={(e) => onChange({ notas: e.target.value })}
        error={Boolean(errors.notas)}
        // No maxLength: a pasted text is not cut silently; the count shows the limit and saving says it.
        helperText={errors.notas ?? T.fields.notesHint(form.notas.trim().length, PATIENT_PROFILE_LIMITS.notasMax)}
        multiline
        minRows={3}
        sx={{ gridColumn: '1 / -1' }}
      />
    </>
  );
}

/** The personal card: photo, read-only fields, and the editable ones as text or as a form. */
function PersonalCard({ profile }: { profile: PatientOwnProfile }) {
  const { updateUser } = useAuth();
  const update = useUpdateMyProfile();
  const [form, setForm] = useState<ProfileForm | null>(null);
  // A profile without a phone starts at the practice's dial code (the server's DEFAULT_COUNTRY).
  const dialCode = dialCodeOf(usePublicConfig()?.pais);
  const stored = toForm(profile, dialCode);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const marks = useFieldErrors({ errors });
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  const editing = form !== null;
  const fullName = `${profile.nombre} ${profile.apellido}`;
  const change = (changes: Partial<ProfileForm>) => setForm((f) => (f ? { ...f, ...changes } : f));
  const leave = useUnsavedChanges({
    dirty: Boolean(form && !update.isPending && Object.keys(toPayload(form, stored)).length > 0),
  });
  const cancel = () => {
    setForm(null);
    setErrors({});
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    const found = validate(form);
    setErrors(found);
    if (marks.reveal(found)) return;
    const payload = toPayload(form, stored);
    if (Object.keys(payload).length === 0) return cancel();
    try {
      const saved = await update.mutateAsync(payload);
      // The shell's avatar shows the new photo at once; the toast below says it was saved.
      updateUser({ avatar_url: saved.avatar_url, foto_perfil: saved.foto_perfil }, { silent: true });
      toastSuccess(MSG.patientArea.profileUpdated, MSG.patientArea.profileUpdatedText);
      cancel();
    } catch (error) {
      // A 400 naming fields marks them; anything else is told as before.
      const named = serverFieldErrors<keyof ProfileErrors>(error, ['fecha_nacimiento', 'telefono', 'genero', 'notas']);
      if (Object.keys(named).length > 0) {
        setErrors(named);
        marks.reveal(named);
      } else reportError(error, MSG.patientArea.profileUpdateFailed);
    }
  }

  return (
    <Card component="form" onSubmit={save} noValidate aria-labelledby="personal-card-title" data-testid="personal-card" {...marks.root}>
      <CardContent sx={{ p: { xs: 2.25, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2.5 }}>
          <Typography id="personal-card-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {T.personal}
          </Typography>
          {!editing && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<EditOutlined />}
              onClick={() => setForm(stored)}
              sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            >
              {T.edit}
            </Button>
          )}
        </Stack>
        <ProfilePhoto
          key={editing ? 'editing' : 'saved'}
          patientId={profile.id}
          name={fullName}
          src={profile.avatar_url}
          editing={editing}
          hasPhoto={Boolean(form?.foto_perfil)}
          onChange={(foto_perfil) => change({ foto_perfil })}
          onBusyChange={onBusyChange}
        />
        <Box sx={{ mt: 1.5, mb: 2.5 }}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {fullName}
          </Typography>
          <Chip
            size="small"
            label={T.statuses[profile.estado] ?? profile.estado}
            color={profile.estado === 'activo' ? 'success' : 'default'}
            variant="outlined"
            sx={{ mt: 0.5 }}
          />
        </Box>
        <InfoGrid columns={2}>
          <InfoField label={T.fields.email} value={profile.email} />
          <InfoField label={T.fields.admission} {...missing(profile.fecha_ingreso && formatDateEs(profile.fecha_ingreso))} />
          {!editing && (
            <>
              <InfoField label={T.fields.birthDate} {...missing(profile.fecha_nacimiento && formatDateEs(profile.fecha_nacimiento))} />
              {/* As the therapist sees it: '+34 612 34 56 78'. */}
              <InfoField label={T.fields.phone} {...missing(profile.telefono && formatPhone(profile.telefono))} />
              <InfoField label={T.fields.gender} {...missing(profile.genero)} />
              <InfoField label={T.fields.address} {...missing(profile.direccion)} wide />
              {profile.notas && <InfoField label={T.fields.notes} value={<LongText>{profile.notas}</LongText>} wide />}
            </>
          )}
        </InfoGrid>
        {form && (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2, mt: 3 }}>
            <EditFields form={form} errors={errors} onChange={change} />
          </Box>
        )}
        {editing && <FormProblems summary={marks.summary} sx={{ mt: 3 }} />}
        {editing && (
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', mt: 3 }}>
            <Button onClick={() => leave.confirm(cancel)} disabled={update.isPending}>
              {T.cancel}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={update.isPending || uploading}
              startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {update.isPending ? T.saving : T.save}
            </Button>
          </Stack>
        )}
        {leave.prompt}
      </CardContent>
    </Card>
  );
}

/** /dashboard/paciente/perfil: 'Mi Perfil'. */
export function PatientProfilePage() {
  const profile = useMyProfile();
  return (
    <SectionPage title={T.title}>
      {profile.isPending ? (
        <LoadingSpinner label={T.loading} />
      ) : profile.isError ? (
        <Alert severity="error" variant="outlined">
          {MSG.patientArea.profileLoadFailed}
        </Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
            gap: { xs: 2, sm: 2.5 },
            alignItems: 'start',
          }}
        >
          <PersonalCard profile={profile.data} />
          <TherapyCard profile={profile.data} />
          <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
            <MyConsentsCard />
          </Box>
          <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
            <MyExportsCard />
          </Box>
        </Box>
      )}
    </SectionPage>
  );
}
