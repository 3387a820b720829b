import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import FitnessCenterOutlined from '@mui/icons-material/FitnessCenterOutlined';
import SpaOutlined from '@mui/icons-material/SpaOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { PatientDashboard } from '@consulta/shared';
import type { ElementType } from 'react';
import { formatDuration } from '../../components/sessions/sessionFormat';
import { TEXT } from '../../i18n/es/app';
import { DASHBOARD_TEXT } from '../../i18n/es/patient-area';
import { formatDateEs } from '../../i18n/format';
import { daysInTherapy } from './dashboardFormat';
import { CardGrid } from '../../components/CardGrid';

const T = DASHBOARD_TEXT.stats;

function StatCard({
  icon: Icon,
  label,
  value,
  hint,
  testId,
}: {
  icon: ElementType;
  label: string;
  value: string;
  hint?: string;
  testId: string;
}) {
  return (
    <Card
      component="li"
      sx={{ p: { xs: 1.75, sm: 2.25 }, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}
      data-testid={testId}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', minWidth: 0 }}>
        <Box
          sx={{
            width: 32,
            height: 32,
            borderRadius: 1.5,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(47,111,115,0.1)',
            color: 'primary.main',
            flexShrink: 0,
          }}
        >
          <Icon fontSize="small" />
        </Box>
        <Typography variant="body2" component="h3" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
          {label}
        </Typography>
      </Box>
      <Typography
        sx={{ fontSize: { xs: '1.45rem', sm: '1.75rem' }, fontWeight: 700, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' }}
        data-testid={`${testId}-value`}
      >
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Card>
  );
}

/** The four counters of the dashboard: sessions, total time, exercises, days in therapy. */
export function DashboardStats({ dashboard }: { dashboard: PatientDashboard }) {
  const days = daysInTherapy(dashboard.fecha_ingreso);
  return (
    <CardGrid label={T.label} columns={{ xs: 2, md: 4 }} gap={{ xs: 1.5, sm: 2 }}>
      <StatCard icon={EventNoteOutlined} label={T.sessions} value={String(dashboard.total_sesiones)} testId="stat-sessions" />
      <StatCard icon={AccessTimeOutlined} label={T.time} value={formatDuration(dashboard.total_tiempo_minutos)} testId="stat-time" />
      <StatCard
        icon={FitnessCenterOutlined}
        label={T.exercises}
        value={String(dashboard.ejercicios_asignados)}
        hint={T.exercisesHint}
        testId="stat-exercises"
      />
      <StatCard
        icon={SpaOutlined}
        label={T.inTherapy}
        value={days === null ? TEXT.common.notAvailable : T.days(days)}
        hint={dashboard.fecha_ingreso ? T.since(formatDateEs(dashboard.fecha_ingreso)) : undefined}
        testId="stat-days"
      />
    </CardGrid>
  );
}
