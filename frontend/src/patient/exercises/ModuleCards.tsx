import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { AssignedModule } from '@consulta/shared';
import { CardTitleButton, cardFocusRing } from '../../components/CardTitleButton';
import { EXERCISE_WIDGETS_TEXT, PATIENT_EXERCISES_TEXT } from '../../i18n/es/patient-exercises';
import { formatDateEs } from '../../i18n/format';
import { CardGrid } from '../../components/CardGrid';

const T = PATIENT_EXERCISES_TEXT;

/** The 'Módulos' tab: one card per assigned module (title, description, exercise count, assigned date). */
export function ModuleCards({ modules, onOpen }: { modules: readonly AssignedModule[]; onOpen: (moduleId: string) => void }) {
  if (modules.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {T.empty.modules}
      </Typography>
    );
  }
  return (
    <CardGrid columns={{ md: 2 }}>
      {modules.map((m) => (
        <Card component="li" variant="outlined" key={m.id} sx={{ position: 'relative', cursor: 'pointer', ...cardFocusRing }}>
          <CardContent>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 0.5 }}>
              <ViewModuleOutlined color="secondary" />
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <CardTitleButton onClick={() => onOpen(m.id)}>{m.titulo}</CardTitleButton>
              </Typography>
            </Box>
            {m.descripcion && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
                {m.descripcion}
              </Typography>
            )}
            <Typography variant="body2">{T.modules.exercisesCount(m.ejercicios_count)}</Typography>
            {m.ejercicios_count > 0 && (
              <>
                <LinearProgress
                  variant="determinate"
                  color="success"
                  value={(m.completados / m.ejercicios_count) * 100}
                  aria-label={T.modules.completedCount(m.completados, m.ejercicios_count)}
                  sx={{ my: 0.75, height: 6, borderRadius: 3 }}
                />
                <Typography variant="caption" color="text.secondary" component="p">
                  {T.modules.completedCount(m.completados, m.ejercicios_count)}
                </Typography>
              </>
            )}
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {EXERCISE_WIDGETS_TEXT.assignedOn(formatDateEs(m.asignado_en))}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </CardGrid>
  );
}
