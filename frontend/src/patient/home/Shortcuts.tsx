import ArrowForward from '@mui/icons-material/ArrowForward';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import FitnessCenterOutlined from '@mui/icons-material/FitnessCenterOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DASHBOARD_TEXT } from '../../i18n/es/patient-area';
import { PATIENT_PATHS } from '../paths';
import { IconBadge } from '../../components/IconBadge';
import { CardGrid } from '../../components/CardGrid';

const T = DASHBOARD_TEXT.shortcuts;

const SHORTCUTS = [
  { to: PATIENT_PATHS.sessions, ...T.sessions, icon: HistoryOutlined },
  { to: PATIENT_PATHS.exercises, ...T.exercises, icon: FitnessCenterOutlined },
  { to: PATIENT_PATHS.chat, ...T.chat, icon: ChatOutlined },
];

/** The three ways on from the dashboard: sessions, exercises and the AI chat. */
export function Shortcuts() {
  return (
    <CardGrid component="nav" label={DASHBOARD_TEXT.shortcutsLabel} columns={{ md: 3 }} gap={{ xs: 1.5, sm: 2.5 }}>
      {SHORTCUTS.map((s) => (
        <Card key={s.to} sx={{ height: '100%' }}>
          <CardActionArea
            component={RouterLink}
            to={s.to}
            sx={{
              height: '100%',
              p: { xs: 2, sm: 3 },
              display: 'flex',
              flexDirection: { xs: 'row', md: 'column' },
              alignItems: { xs: 'center', md: 'flex-start' },
              gap: { xs: 1.75, md: 0 },
            }}
          >
            <IconBadge sx={{ mb: { md: 2 } }}>
              <s.icon />
            </IconBadge>
            <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', height: { md: '100%' } }}>
              <Typography variant="h6" component="h2" sx={{ fontSize: { xs: '1.05rem', md: '1.25rem' } }} gutterBottom>
                {s.title}
              </Typography>
              <Typography color="text.secondary" sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }}>
                {s.text}
              </Typography>
              <Typography
                sx={{
                  mt: { md: 2 },
                  color: 'primary.main',
                  fontWeight: 600,
                  display: { xs: 'none', md: 'flex' },
                  alignItems: 'center',
                  gap: 0.5,
                }}
              >
                {T.go} <ArrowForward fontSize="small" />
              </Typography>
            </Box>
            <ArrowForward fontSize="small" sx={{ color: 'primary.main', display: { xs: 'block', md: 'none' } }} />
          </CardActionArea>
        </Card>
      ))}
    </CardGrid>
  );
}
