import ChevronLeftOutlined from '@mui/icons-material/ChevronLeftOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import ViewDayOutlined from '@mui/icons-material/ViewDayOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import ViewWeekOutlined from '@mui/icons-material/ViewWeekOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { AGENDA_TEXT } from '../../i18n/es/agenda';

export type AgendaView = 'timeGridWeek' | 'timeGridDay' | 'listWeek';

const T = AGENDA_TEXT.toolbar;

const VIEWS: { view: AgendaView; label: string; icon: ReactElement; wideOnly?: boolean }[] = [
  { view: 'timeGridWeek', label: T.week, icon: <ViewWeekOutlined fontSize="small" />, wideOnly: true },
  { view: 'timeGridDay', label: T.day, icon: <ViewDayOutlined fontSize="small" /> },
  { view: 'listWeek', label: T.list, icon: <ViewListOutlined fontSize="small" /> },
];

/** The calendar's own bar, in the app's look: today, back and forth, the dates shown (a heading) and the view. */
export function AgendaToolbar({
  title,
  view,
  wide,
  onToday,
  onPrevious,
  onNext,
  onView,
}: {
  /** The dates shown ('23–29 nov 2026'); empty until the calendar has loaded (the buttons wait for it). */
  title: string;
  view: AgendaView;
  wide: boolean;
  onToday: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onView: (view: AgendaView) => void;
}) {
  const waiting = title === '';
  return (
    <Stack component="nav" aria-label={T.label} direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" size="small" onClick={onToday} disabled={waiting}>
          {T.today}
        </Button>
        <Tooltip title={T.previous}>
          <IconButton aria-label={T.previous} onClick={onPrevious} disabled={waiting}>
            <ChevronLeftOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title={T.next}>
          <IconButton aria-label={T.next} onClick={onNext} disabled={waiting}>
            <ChevronRightOutlined />
          </IconButton>
        </Tooltip>
      </Stack>
      <Typography
        variant="h6"
        component="h2"
        aria-live="polite"
        data-testid="agenda-title"
        sx={{
          fontWeight: 700,
          flex: 1,
          minWidth: { xs: '100%', sm: 0 },
          order: { xs: 3, sm: 0 },
          '&::first-letter': { textTransform: 'uppercase' },
        }}
      >
        {title}
      </Typography>
      <Box sx={{ ml: 'auto' }}>
        <ToggleButtonGroup
          value={view}
          exclusive
          size="small"
          aria-label={T.view}
          onChange={(_e, next: AgendaView | null) => next && onView(next)}
          disabled={waiting}
          sx={{ bgcolor: '#fff' }}
        >
          {VIEWS.filter((v) => wide || !v.wideOnly).map((v) => (
            <ToggleButton key={v.view} value={v.view} sx={{ gap: 0.75, px: 1.5 }}>
              {v.icon}
              {v.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
    </Stack>
  );
}
