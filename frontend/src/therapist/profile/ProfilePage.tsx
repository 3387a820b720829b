import EditOutlined from '@mui/icons-material/EditOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EducationEntry, TherapistProfile, TherapistProfileUpdate } from '@consulta/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { api, isTokenExpiredError } from '../../app/core/http';
import { useLoad } from '../../app/core/useLoad';
import { toastError, toastSuccess } from '../../components/toast/toastStore';
import { initialsOf } from '../../i18n/format';
import { usePageTitle } from '../../components/usePageTitle';

const EDITABLE: { key: keyof TherapistProfileUpdate & keyof TherapistProfile; label: string; multiline?: boolean }[] = [
  { key: 'especialidad', label: 'Especialidad' },
  { key: 'licencia', label: 'Número de licencia' },
  { key: 'telefono', label: 'Teléfono' },
  { key: 'direccion', label: 'Dirección' },
  { key: 'biografia', label: 'Biografía', multiline: true },
];

type Draft = Record<(typeof EDITABLE)[number]['key'], string>;
const draftOf = (p: TherapistProfile): Draft =>
  Object.fromEntries(EDITABLE.map(({ key }) => [key, (p[key] as string | null) ?? ''])) as Draft;

/** 'Mi Perfil' (spec 2 §2): personal information (editable but name and e-mail) and education (read-only). */
export function ProfilePage() {
  usePageTitle('Mi Perfil');
  const loaded = useLoad('perfil', () => api.get<TherapistProfile>('/terapeuta/perfil'));
  const [saved, setSaved] = useState<TherapistProfile | null>(null);
  const profile = saved ?? (loaded.state === 'done' ? loaded.value : null);
  const [tab, setTab] = useState<'info' | 'formacion'>('info');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (loaded.state === 'failed' && !isTokenExpiredError(loaded.error)) toastError('No se pudo cargar el perfil');
  }, [loaded]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setSaving(true);
    try {
      const body = Object.fromEntries(EDITABLE.map(({ key }) => [key, draft[key].trim() || null]));
      setSaved(await api.put<TherapistProfile>('/terapeuta/perfil', body));
      setDraft(null);
      toastSuccess('Perfil actualizado');
    } catch (e) {
      // An expired session has already been announced by the fetch wrapper.
      if (!isTokenExpiredError(e)) toastError('No se pudo actualizar el perfil', e instanceof Error ? e.message : undefined);
    } finally {
      setSaving(false);
    }
  }

  if (loaded.state === 'loading') {
    return (
      <Stack direction="row" spacing={1.5} sx={{ py: 6, justifyContent: 'center', alignItems: 'center' }} role="status">
        <CircularProgress size={22} />
        <Typography color="text.secondary">Cargando perfil...</Typography>
      </Stack>
    );
  }
  if (!profile) return <Alert severity="error">No se pudo cargar el perfil</Alert>;

  return (
    <Box sx={{ maxWidth: 880 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Avatar src={profile.avatar_url ?? undefined} sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 24 }}>
          {initialsOf(profile.name)}
        </Avatar>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            Mi Perfil
          </Typography>
          <Typography color="text.secondary">{profile.especialidad ?? profile.name}</Typography>
        </Box>
      </Stack>
      <Tabs value={tab} onChange={(_e, v: 'info' | 'formacion') => setTab(v)} sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="info" label="Información personal" />
        <Tab value="formacion" label="Formación" />
      </Tabs>
      {tab === 'info' ? (
        <Card>
          <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
            <Box component="form" noValidate onSubmit={save}>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
                <TextField label="Nombre" value={profile.name} disabled helperText="No se puede modificar" />
                <TextField label="Email" value={profile.email} disabled helperText="No se puede modificar" />
                {EDITABLE.map(({ key, label, multiline }) =>
                  draft ? (
                    <TextField
                      key={key}
                      label={label}
                      value={draft[key]}
                      onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
                      multiline={multiline}
                      minRows={multiline ? 4 : undefined}
                      sx={multiline ? { gridColumn: '1 / -1' } : undefined}
                    />
                  ) : (
                    <Box key={key} sx={multiline ? { gridColumn: '1 / -1' } : undefined}>
                      <Typography variant="caption" color="text.secondary" component="p">
                        {label}
                      </Typography>
                      <Typography sx={{ whiteSpace: 'pre-line' }}>{(profile[key] as string | null) ?? 'No especificado'}</Typography>
                    </Box>
                  ),
                )}
              </Box>
              <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', mt: 3 }}>
                {draft ? (
                  <>
                    <Button color="inherit" onClick={() => setDraft(null)} disabled={saving}>
                      Cancelar
                    </Button>
                    <Button
                      type="submit"
                      variant="contained"
                      disabled={saving}
                      startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
                    >
                      {saving ? 'Guardando...' : 'Guardar cambios'}
                    </Button>
                  </>
                ) : (
                  <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setDraft(draftOf(profile))}>
                    Editar perfil
                  </Button>
                )}
              </Stack>
            </Box>
          </CardContent>
        </Card>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2.5 }}>
          <EducationList title="Estudios" entries={profile.estudios} empty="No hay estudios registrados" />
          <EducationList title="Certificaciones" entries={profile.certificaciones} empty="No hay certificaciones registradas" />
        </Box>
      )}
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
