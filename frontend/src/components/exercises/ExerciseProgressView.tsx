import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import type { ReactNode } from 'react';
import type { ExerciseProgress } from '@consulta/shared';
import { EXERCISE_WIDGETS_TEXT } from '../../i18n/es/patient-exercises';
import { formatDateEs } from '../../i18n/format';
import { ProgressBarChart } from './ProgressBarChart';
import { formatPercentEs } from './progressFormat';

const T = EXERCISE_WIDGETS_TEXT.progress;

export type ProgressSection = 'counters' | 'overall' | 'bySource' | 'byModule' | 'byCategory' | 'recent';
const ALL_SECTIONS: readonly ProgressSection[] = ['counters', 'overall', 'bySource', 'byModule', 'byCategory', 'recent'];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Counter({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, textAlign: 'center' }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Paper>
  );
}

function Counters({ progress }: { progress: ExerciseProgress }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' }, gap: 1.5 }}>
      <Counter label={T.total} value={progress.total} />
      <Counter label={T.completed} value={progress.completados} />
      <Counter label={T.pending} value={progress.pendientes} />
      <Counter label={T.percentCompleted} value={formatPercentEs(progress.porcentaje, 0)} />
    </Box>
  );
}

function Overall({ progress }: { progress: ExerciseProgress }) {
  const percent = formatPercentEs(progress.porcentaje, 1);
  return (
    <Section title={T.overall}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <LinearProgress
          variant="determinate"
          value={Math.min(100, progress.porcentaje)}
          aria-label={T.overall}
          aria-valuetext={percent}
          color="success"
          sx={{ flex: 1, height: 10, borderRadius: 5 }}
        />
        <Typography variant="body1" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {percent}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {T.overallOf(progress.completados, progress.total)}
      </Typography>
    </Section>
  );
}

function Recent({ progress }: { progress: ExerciseProgress }) {
  return (
    <Section title={T.recent}>
      {progress.recientes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {T.noRecent}
        </Typography>
      ) : (
        <List dense disablePadding>
          {progress.recientes.map((item) => (
            <ListItem key={item.id} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <CheckCircleOutlined color="success" fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={item.titulo}
                secondary={T.completedOn(formatDateEs(item.fecha_completado))}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}

const Empty = ({ text }: { text: string }) => (
  <Typography variant="body2" color="text.secondary">
    {text}
  </Typography>
);

/**
 * A patient's exercise progress as the server computed it: counters, overall bar, charts by source,
 * module and category (each with its figures for screen readers) and the latest completions.
 */
export function ExerciseProgressView({
  progress,
  sections = ALL_SECTIONS,
}: {
  progress: ExerciseProgress;
  sections?: readonly ProgressSection[];
}) {
  const show = (s: ProgressSection) => sections.includes(s);
  const sourceRows = [
    { name: T.sources.individual, ...progress.por_fuente.individual },
    { name: T.sources.module, ...progress.por_fuente.module },
  ];
  // Every exercise has at least one source: those counted in both bars are the excess over the total.
  const overlap = progress.por_fuente.individual.total + progress.por_fuente.module.total - progress.total;
  const moduleRows = progress.por_modulo.map((m) => ({ ...m, name: m.moduleName }));
  const categoryRows = progress.por_categoria.map((c) => ({ ...c, name: c.categoria }));
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      {show('counters') && <Counters progress={progress} />}
      {show('overall') && <Overall progress={progress} />}
      {show('bySource') && (
        <Section title={T.bySource}>
          <ProgressBarChart caption={T.bySource} rows={sourceRows} />
          {overlap > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="by-source-overlap">
              {T.bySourceOverlap(overlap)}
            </Typography>
          )}
        </Section>
      )}
      {show('byModule') && (
        <Section title={T.byModule}>
          {moduleRows.length === 0 ? <Empty text={T.noModules} /> : <ProgressBarChart caption={T.byModule} rows={moduleRows} horizontal />}
        </Section>
      )}
      {show('byCategory') && (
        <Section title={T.byCategory}>
          {categoryRows.length === 0 ? (
            <Empty text={T.noExercises} />
          ) : (
            <ProgressBarChart caption={T.byCategory} rows={categoryRows} horizontal />
          )}
        </Section>
      )}
      {show('recent') && <Recent progress={progress} />}
    </Box>
  );
}
