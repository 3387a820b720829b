import ArrowBack from '@mui/icons-material/ArrowBack';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FitnessCenterOutlined from '@mui/icons-material/FitnessCenterOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { EDUCATION_LEVELS, MARITAL_STATUSES, MOBILE_BREAKPOINT_PX, labelOf, type PatientListItem } from '@consulta/shared';
import { useGetOne } from 'ra-core';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { THERAPIST_BASE } from '../../app/routesConfig';
import { ComingSoon } from '../../components/ComingSoon';
import { retryDelay, shouldRetry } from '../../components/shell/retry';
import { formatDateEs } from '../../i18n/format';
import { avatarColor, fullName, patientInitials } from './patientFormat';

/** One patient as the therapist's detail page reads it (spec 2 §3 "Patient (therapist view)"). */
export interface PatientDetail extends PatientListItem {
  telefono?: string | null;
  fecha_ingreso?: string | null;
  estado_terapia?: string | null;
  notas_terapeuticas?: string | null;
  objetivos_terapia?: string | null;
  plan_tratamiento?: string | null;
  ultima_sesion?: string | null;
  proxima_cita?: string | null;
}

const TABS = [
  { id: 'patient-info', label: 'Información del Paciente', icon: <InfoOutlined /> },
  { id: 'sessions', label: 'Sesiones', icon: <HistoryOutlined /> },
  { id: 'new-session', label: 'Nueva Sesión', icon: <PostAddOutlined /> },
  { id: 'exercises', label: 'Ejercicios', icon: <FitnessCenterOutlined /> },
  { id: 'modules', label: 'Módulos', icon: <ViewModuleOutlined /> },
  { id: 'progress', label: 'Progreso', icon: <InsightsOutlined /> },
  { id: 'ai-chat', label: 'AI Chat', icon: <ChatOutlined /> },
] as const;
type TabId = (typeof TABS)[number]['id'];

const STATUS_LABELS: Record<string, { label: string; badge: string; color: 'success' | 'default' | 'info' }> = {
  activo: { label: 'Activo', badge: 'Terapia activa', color: 'success' },
  inactivo: { label: 'Inactivo', badge: 'Terapia inactiva', color: 'default' },
  alta: { label: 'Alta', badge: 'Alta terapéutica', color: 'info' },
};

const orText = (value: string | number | null | undefined, fallback: string): string =>
  value === null || value === undefined || value === '' ? fallback : String(value);

function Field({ label, value, missing }: { label: string; value: ReactNode; missing?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }} component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mt: 0.25, color: missing ? 'text.disabled' : 'text.primary', overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.25, sm: 3 } }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const fieldGrid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  gap: 2.25,
  m: 0,
} as const;

function flag(value: boolean | null | undefined): { text: string; missing: boolean } {
  if (value === true) return { text: 'Sí', missing: false };
  if (value === false) return { text: 'No', missing: false };
  return { text: 'No especificado', missing: true };
}

/** The patient-info tab (spec 2 §2). */
export function PatientInfo({ patient }: { patient: PatientDetail }) {
  const phone = patient.telefono_paciente || patient.telefono;
  const status = patient.estado_terapia ? STATUS_LABELS[patient.estado_terapia] : undefined;
  const details = [
    { label: 'Propuesta de terapia', value: patient.propuesta_terapia },
    { label: 'Objetivos de la terapia', value: patient.objetivos_terapia },
    { label: 'Plan de tratamiento', value: patient.plan_tratamiento },
    { label: 'Notas terapéuticas', value: patient.notas_terapeuticas },
  ].filter((d) => d.value && d.value.trim());
  const history = [
    { label: 'Terapia previa', value: flag(patient.ha_hecho_terapia) },
    { label: 'Experiencia con psicodélicos', value: flag(patient.ha_hecho_psicodelicos) },
    { label: 'Constelaciones familiares', value: flag(patient.ha_hecho_constelaciones) },
  ];
  return (
    <Stack spacing={2.5} data-testid="patient-info">
      <Block title="Información personal">
        <Box component="dl" sx={fieldGrid}>
          <Field label="Nombre completo" value={fullName(patient)} />
          <Field label="Email" value={patient.email} />
          <Field label="Teléfono" value={orText(phone, 'No especificado')} missing={!phone} />
          <Field label="Edad" value={patient.edad === null ? 'No especificada' : `${patient.edad} años`} missing={patient.edad === null} />
          <Field
            label="Estado civil"
            value={labelOf(MARITAL_STATUSES, patient.estado_civil) ?? orText(patient.estado_civil, 'No especificado')}
            missing={!patient.estado_civil}
          />
          <Field
            label="Profesión u ocupación"
            value={orText(patient.profesion_ocupacion, 'No especificada')}
            missing={!patient.profesion_ocupacion}
          />
          <Field
            label="Nivel de escolaridad"
            value={labelOf(EDUCATION_LEVELS, patient.nivel_escolaridad) ?? orText(patient.nivel_escolaridad, 'No especificado')}
            missing={!patient.nivel_escolaridad}
          />
          <Field
            label="Fecha de nacimiento"
            value={formatDateEs(patient.fecha_nacimiento, 'No especificada')}
            missing={!patient.fecha_nacimiento}
          />
        </Box>
      </Block>
      <Block title="Información de la terapia">
        <Box component="dl" sx={fieldGrid}>
          <Field label="Fecha de ingreso" value={formatDateEs(patient.fecha_ingreso, 'No registrada')} missing={!patient.fecha_ingreso} />
          <Field
            label="Estado de la terapia"
            value={
              status ? (
                <Chip size="small" label={status.label} color={status.color} variant="outlined" component="span" />
              ) : (
                orText(patient.estado_terapia, 'No especificado')
              )
            }
            missing={!patient.estado_terapia}
          />
          <Field label="Tipo de servicio" value={orText(patient.tipo_servicio, 'No especificado')} missing={!patient.tipo_servicio} />
          <Field label="Total de sesiones" value={String(patient.total_sesiones ?? 0)} />
          <Field label="Minutos totales" value={`${patient.total_tiempo_minutos ?? 0} minutos`} />
          <Field label="Última sesión" value={formatDateEs(patient.ultima_sesion, 'No registrada')} missing={!patient.ultima_sesion} />
          <Field label="Próxima cita" value={formatDateEs(patient.proxima_cita, 'No programada')} missing={!patient.proxima_cita} />
        </Box>
      </Block>
      <Block title="Experiencia previa">
        <Box component="dl" sx={fieldGrid}>
          {history.map((h) => (
            <Field key={h.label} label={h.label} value={h.value.text} missing={h.value.missing} />
          ))}
        </Box>
      </Block>
      <Block title="Detalles de la terapia">
        {details.length > 0 ? (
          <Stack spacing={2.25} component="dl" sx={{ m: 0 }}>
            {details.map((d) => (
              <Field key={d.label} label={d.label} value={<Box component="span" sx={{ whiteSpace: 'pre-line' }}>{d.value}</Box>} />
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">Aún no hay detalles de la terapia registrados.</Typography>
        )}
      </Block>
    </Stack>
  );
}

function SideMenu({ active, onSelect }: { active: TabId; onSelect: (id: TabId) => void }) {
  return (
    <List component="nav" aria-label="Secciones del paciente" sx={{ p: 1 }}>
      {TABS.map((t) => (
        <ListItemButton
          key={t.id}
          selected={active === t.id}
          onClick={() => onSelect(t.id)}
          aria-current={active === t.id ? 'page' : undefined}
          sx={{
            borderRadius: 2,
            mb: 0.25,
            '&.Mui-selected': { bgcolor: 'rgba(47,111,115,0.10)', color: 'primary.dark', '& .MuiListItemIcon-root': { color: 'primary.main' } },
          }}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>{t.icon}</ListItemIcon>
          <ListItemText primary={t.label} slotProps={{ primary: { variant: 'body2', sx: { fontWeight: active === t.id ? 700 : 500 } } }} />
        </ListItemButton>
      ))}
    </List>
  );
}

const BackLink = () => (
  <Button component={RouterLink} to={`${THERAPIST_BASE}/pacientes`} startIcon={<ArrowBack />} sx={{ mb: 2, ml: -1 }} color="inherit">
    Volver a Mis Pacientes
  </Button>
);

/** /dashboard/terapeuta/pacientes/{id} (spec 2 §2). */
export function PatientDetailPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const isSmall = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 0.02}px)`, { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  const { data: patient, isPending, error } = useGetOne<PatientDetail>(
    'pacientes',
    { id },
    { retry: shouldRetry, retryDelay, enabled: Boolean(id) },
  );
  const requested = params.get('tab') as TabId | null;
  const active: TabId = TABS.some((t) => t.id === requested) ? (requested as TabId) : 'patient-info';

  useEffect(() => {
    if (patient) document.title = `${fullName(patient)} · Consulta`;
  }, [patient]);

  if (isPending) {
    return (
      <Box>
        <BackLink />
        <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', justifyContent: 'center', py: 10, color: 'text.secondary' }}>
          <CircularProgress size={22} />
          <Typography>Cargando información del paciente...</Typography>
        </Stack>
      </Box>
    );
  }

  if (error || !patient) {
    return (
      <Box>
        <BackLink />
        <Card sx={{ py: 7, px: 3, textAlign: 'center' }}>
          <Box sx={{ width: 56, height: 56, mx: 'auto', mb: 2, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'rgba(47,111,115,0.08)', color: 'primary.main' }}>
            <PersonSearchOutlined />
          </Box>
          <Typography variant="h6" component="h1" gutterBottom>
            Paciente no encontrado
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Es posible que se haya eliminado o que no pertenezca a tu lista de pacientes.
          </Typography>
          <Button variant="contained" component={RouterLink} to={`${THERAPIST_BASE}/pacientes`}>
            Volver a Mis Pacientes
          </Button>
        </Card>
      </Box>
    );
  }

  const select = (tab: TabId) => {
    setParams(tab === 'patient-info' ? {} : { tab }, { replace: true });
    setMenuOpen(false);
  };
  const current = TABS.find((t) => t.id === active)!;
  const status = patient.estado_terapia ? STATUS_LABELS[patient.estado_terapia] : undefined;

  return (
    <Box>
      <BackLink />
      <Card sx={{ mb: 2.5 }}>
        <CardContent sx={{ p: { xs: 2.25, sm: 3 }, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Avatar sx={{ width: 56, height: 56, bgcolor: avatarColor(patient.id), fontWeight: 700, fontSize: 20 }}>
            {patientInitials(patient)}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {fullName(patient)}
            </Typography>
            <Typography color="text.secondary" variant="body2">
              {patient.email}
              {patient.telefono_paciente ? ` · ${patient.telefono_paciente}` : ''}
            </Typography>
          </Box>
          {status && <Chip label={status.badge} color={status.color} variant="outlined" />}
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' }, gap: 2.5, alignItems: 'start' }}>
        <Card sx={{ position: { md: 'sticky' }, top: { md: 72 } }}>
          {isSmall ? (
            <>
              <Button
                fullWidth
                onClick={() => setMenuOpen((o) => !o)}
                endIcon={<ExpandMore sx={{ transform: menuOpen ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
                aria-expanded={menuOpen}
                aria-controls="patient-sections"
                sx={{ justifyContent: 'space-between', px: 2, py: 1.5 }}
                color="inherit"
              >
                <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', color: 'primary.main' }}>
                  {current.icon}
                  <span>{current.label}</span>
                </Stack>
              </Button>
              <Collapse in={menuOpen} id="patient-sections">
                <SideMenu active={active} onSelect={select} />
              </Collapse>
            </>
          ) : (
            <SideMenu active={active} onSelect={select} />
          )}
        </Card>
        <Box sx={{ minWidth: 0 }}>
          {active === 'patient-info' ? (
            <PatientInfo patient={patient} />
          ) : (
            <ComingSoon title={current.label}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', mt: 2, color: 'text.secondary' }}>
                <AssignmentOutlined fontSize="small" />
                <Typography variant="body2">
                  Mientras tanto, consulta la información de {patient.nombre} en «Información del Paciente».
                </Typography>
              </Stack>
            </ComingSoon>
          )}
        </Box>
      </Box>
    </Box>
  );
}
