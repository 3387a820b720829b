import ArrowForward from '@mui/icons-material/ArrowForward';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import FitnessCenterOutlined from '@mui/icons-material/FitnessCenterOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../app/auth/AuthContext';
import { longDateEs } from '../i18n/format';
import { PATIENT_PATHS } from './PatientLayout';

const SHORTCUTS = [
  {
    to: PATIENT_PATHS.sessions,
    title: 'Sesiones Anteriores',
    text: 'Repasa tus sesiones, sus transcripciones y los análisis que tu terapeuta comparta contigo.',
    icon: HistoryOutlined,
  },
  {
    to: PATIENT_PATHS.exercises,
    title: 'Ejercicios y Módulos',
    text: 'Trabaja a tu ritmo en los ejercicios y módulos que tu terapeuta te asigne.',
    icon: FitnessCenterOutlined,
  },
  {
    to: PATIENT_PATHS.chat,
    title: 'Chat con IA',
    text: 'Un asistente que solo conoce tu propia información, disponible entre sesiones.',
    icon: ChatOutlined,
  },
];

/** /dashboard/paciente: greets the patient by name and leads to the three areas. */
export function PatientHome() {
  const { user } = useAuth();
  const firstName = (user?.name ?? '').split(/\s+/)[0];
  useEffect(() => {
    document.title = 'Mi espacio · Consulta';
  }, []);
  return (
    <Box>
      <Card
        sx={{
          mb: 3,
          color: '#fff',
          border: 0,
          background: 'linear-gradient(135deg, #1f5256 0%, #2f6f73 60%, #4d8c88 100%)',
        }}
      >
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.7rem', sm: '2.1rem' } }} data-testid="patient-greeting">
            Hola, {firstName || user?.name}
          </Typography>
          <Typography sx={{ opacity: 0.85, mt: 0.5, '&::first-letter': { textTransform: 'uppercase' } }}>{longDateEs(new Date())}</Typography>
          <Typography sx={{ opacity: 0.92, mt: 2, maxWidth: 620 }}>
            Este es tu espacio personal. Aquí encontrarás tus sesiones, los ejercicios que te proponga tu terapeuta y un
            asistente para acompañarte entre sesiones.
          </Typography>
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2.5 }}>
        {SHORTCUTS.map((s) => (
          <Card key={s.to} sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={s.to} sx={{ height: '100%', p: 3, display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
              <Box sx={{ width: 44, height: 44, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: 'rgba(47,111,115,0.1)', color: 'primary.main', mb: 2 }}>
                <s.icon />
              </Box>
              <Typography variant="h6" component="h2" gutterBottom>
                {s.title}
              </Typography>
              <Typography color="text.secondary" sx={{ flex: 1 }}>
                {s.text}
              </Typography>
              <Typography sx={{ mt: 2, color: 'primary.main', fontWeight: 600, display: 'flex', alignItems: 'center', gap: 0.5 }}>
                Ir ahora <ArrowForward fontSize="small" />
              </Typography>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
