import EditOutlined from '@mui/icons-material/EditOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PRACTICE_COUNTRIES, type EducationEntry, type TherapistProfile, type TherapistProfileUpdate } from '@consulta/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { reportError } from '../../app/core/reportError';
import { FormProblems, useFieldErrors } from '../../components/forms';
import { toastSuccess } from '../../components/toast/toastStore';
import { hasChanged } from '../../components/unsaved/hasChanged';
import { useUnsavedChanges } from '../../components/unsaved/useUnsavedChanges';
import { initialsOf } from '../../i18n/format';
import { THERAPIST_PROFILE_TEXT as T } from '../../i18n/es/therapist-profile';
import { usePageTitle } from '../../components/usePageTitle';
import { AGENDA_TEXT } from '../../i18n/es/agenda';
import { TimeZoneField } from '../agenda/TimeZoneField';
import { useTherapistProfile, useUpdateTherapistProfile } from './profileQueries';
import { AiDataLink } from '../../components/ai-data/AiDataLink';
import { AI_DATA_URL } from '../ai/aiDataLinks';
import { FormButtons } from '../../components/DialogActionBar';

type EditableKey = keyof TherapistProfileUpdate & keyof TherapistProfile & keyof typeof T.fields;
const EDITABLE: { key: EditableKey; multiline?: boolean }[] = [
  { key: 'especialidad' },
  { key: 'licencia' },
  { key: 'telefono' },
  { key: 'direccion' },
  { key: 'biografia', multiline: true },
];

type Draft = Record<EditableKey | 'zona_horaria' | 'pais', string>;
const draftOf = (p: TherapistProfile): Draft => ({
  ...(Object.fromEntries(EDITABLE.map(({ key }) => [key, (p[key] as string | null) ?? ''])) as Record<EditableKey, string>),
  zona_horaria: p.zona_horaria ?? '',
  pais: p.pais ?? '',
});

const countryName = (code: string) => PRACTICE_COUNTRIES.find((c) => c.code === code)?.name ?? code;

/**
 * 'Mi Perfil': personal information (editable but name and e-mail) and education (read-only). 'Cancelar' and
 * leaving the page ask before unsaved changes are dropped.
 */
export function ProfilePage() {
  usePageTitle(T.title);
  const { data: profile, isPending, error } = useTherapistProfile();
  const update = useUpdateTherapistProfile();
  const [tab, setTab] = useState<'info' | 'formacion'>('info');
  const [draft, setDraft] = useState<Draft | null>(null);
  const saving = update.isPending;
  const marks = useFieldErrors<EditableKey | 'zona_horaria' | 'pais'>();
  const leave = useUnsavedChanges({ dirty: Boolean(draft && profile && !saving && hasChanged(draft, draftOf(profile))) });

  useEffect(() => {
    if (error) reportError(error, { title: T.loadFailed });
  }, [error]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    try {
      await update.mutateAsync({
        ...Object.fromEntries(EDITABLE.map(({ key }) => [key, draft[key].trim() || null])),
        zona_horaria: draft.zona_horaria || null,
        pais: draft.pais || null,
      });
      setDraft(null);
      toastSuccess(T.saved);
    } catch (e) {
      if (!marks.revealServer(e)) reportError(e, { title: T.saveFailed, description: e instanceof Error ? e.message : undefined });
    }
  }

  if (isPending) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ py: 6, justifyContent: 'center', alignItems: 'center' }} role="status">
        <CircularProgress size={22} />
        <Typography color="text.secondary">{T.loading}</Typography>
      </Stack>
    );
  }
  if (!profile) return <Alert severity="error">{T.loadFailed}</Alert>;

  return (
    <Box sx={{ maxWidth: 880 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Avatar src={profile.avatar_url ?? undefined} sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 24 }}>
          {initialsOf(profile.name)}
        </Avatar>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {T.title}
          </Typography>
          <Typography color="text.secondary">{profile.especialidad ?? profile.name}</Typography>
          <AiDataLink to={AI_DATA_URL} />
        </Box>
      </Stack>
      <Tabs value={tab} onChange={(_e, v: 'info' | 'formacion') => setTab(v)} sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="info" label={T.tabs.info} />
        <Tab value="formacion" label={T.tabs.education} />
      </Tabs>
      {tab === 'info' ? (
        <Card>
          <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
            <Box component="form" noValidate onSubmit={save} {...marks.root}>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
                <TextField label={T.name} value={profile.name} disabled helperText={T.readOnly} />
                <TextField label={T.email} value={profile.email} disabled helperText={T.readOnly} />
                {EDITABLE.map(({ key, multiline }) =>
                  draft ? (
                    <TextField
                      key={key}
                      label={T.fields[key]}
                      {...marks.field(key)}
                      value={draft[key]}
                      onChange={(e) => {
                        marks.clear(key);
                        setDraft({ ...draft, [key]: e.target.value });
                      }}
                      multiline={multiline}
                      minRows={multiline ? 4 : undefined}
                      sx={multiline ? { gridColumn: '1 / -1' } : undefined}
                    />
                  ) : (
                    <Box key={key} sx={multiline ? { gridColumn: '1 / -1' } : undefined}>
                      <Typography variant="caption" color="text.secondary" component="p">
                        {T.fields[key]}
                      </Typography>
                      <Typography sx={{ whiteSpace: 'pre-line' }}>{(profile[key] as string | null) ?? T.notSpecified}</Typography>
                    </Box>
                  ),
                )}
                {draft ? (
                  <TimeZoneField
                    value={draft.zona_horaria}
                    onChange={(zona_horaria) => setDraft({ ...draft, zona_horaria })}
                    disabled={saving}
                  />
                ) : (
                  <Box>
                    <Typography variant="caption" color="text.secondary" component="p">
                      {AGENDA_TEXT.zoneField.label}
                    </Typography>
                    <Typography data-testid="profile-time-zone">{profile.zona_horaria || T.notSpecified}</Typography>
                  </Box>
                )}
                {draft ? (
                  <TextField
                    select
                    label={T.country}
                    {...marks.field('pais', T.countryHelp)}
                    value={draft.pais}
                    disabled={saving}
                    onChange={(e) => {
                      marks.clear('pais');
                      setDraft({ ...draft, pais: e.target.value });
                    }}
                  >
                    {PRACTICE_COUNTRIES.map((c) => (
                      <MenuItem key={c.code} value={c.code}>
                        {c.name} ({c.dialCode})
                      </MenuItem>
                    ))}
                  </TextField>
                ) : (
                  <Box>
                    <Typography variant="caption" color="text.secondary" component="p">
                      {T.country}
                    </Typography>
                    <Typography data-testid="profile-country">{profile.pais ? countryName(profile.pais) : T.notSpecified}</Typography>
                  </Box>
                )}
              </Box>
              <FormProblems summary={marks.summary} sx={{ mt: 3 }} />
              <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', mt: 3 }}>
                {draft ? (
                  <FormButtons
                    onCancel={() => leave.confirm(() => setDraft(null))}
                    cancelLabel={T.cancel}
                    busy={saving}
                    label={T.save}
                    busyLabel={T.saving}
                  />
                ) : (
                  <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setDraft(draftOf(profile))}>
                    {T.edit}
                  </Button>
                )}
              </Stack>
            </Box>
          </CardContent>
        </Card>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2.5 }}>
          <EducationList title={T.studies} entries={profile.estudios} empty={T.noStudies} />
          <EducationList title={T.certifications} entries={profile.certificaciones} empty={T.noCertifications} />
        </Box>
      )}
      {leave.prompt}
    </Box>
  );
}

function EducationList({ title, entries, empty }: { title: string; entries: EducationEntry[]; empty: string }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {title}
        </Typography>
        {entries.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {entries.map((e) => (
              <Stack component="li" key={e.id} direction="row" spacing={1.5}>
                <SchoolOutlined color="primary" sx={{ mt: 0.25 }} />
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{e.titulo}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[e.institucion, e.año].filter(Boolean).join(' · ')}
                  </Typography>
                </Box>
              </Stack>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
