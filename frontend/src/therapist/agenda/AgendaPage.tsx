import AddOutlined from '@mui/icons-material/AddOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Loading } from '../../components/LoadStates';
import { usePageTitle } from '../../components/usePageTitle';
import { AGENDA_TEXT as T } from '../../i18n/es/agenda';
import { AgendaCalendar } from './AgendaCalendar';
import { useAgendaZone } from './agendaQueries';
import { CalendarFeedDialog } from './CalendarFeedDialog';
import { StateLegend } from './StateLegend';
import { useAppointmentDialog } from './useAppointmentDialog';

/**
 * 'Agenda': the practice's appointments in a calendar, in the therapist's zone. FullCalendar is loaded lazily (a
 * chunk of its own, see AgendaCalendar), so neither /login nor the shells carry it.
 */
export function AgendaPage() {
  usePageTitle(T.title);
  const { zone, ready } = useAgendaZone();
  const dialog = useAppointmentDialog(zone);
  const [feedOpen, setFeedOpen] = useState(false);
  const [showCancelled, setShowCancelled] = useState(true);
  return (
    <Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' }, mb: 2 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {T.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="agenda-zone">
            {T.zoneNote(zone)}
            <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
              {' '}
              {T.slotHint}
            </Box>
          </Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.25} sx={{ flexShrink: 0, alignSelf: { sm: 'flex-start' } }}>
          <Button variant="outlined" startIcon={<CalendarMonthOutlined />} onClick={() => setFeedOpen(true)} sx={{ whiteSpace: 'nowrap' }}>
            {T.externalCalendar}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => dialog.openCreate()}
            disabled={!ready}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {T.newAppointment}
          </Button>
        </Stack>
      </Stack>
      <StateLegend showCancelled={showCancelled} onShowCancelled={setShowCancelled} />
      <Card sx={{ p: { xs: 1.5, sm: 2 } }}>
        {ready ? (
          <AgendaCalendar
            zone={zone}
            showCancelled={showCancelled}
            onSlot={(start) => dialog.openCreate({ start })}
            onOpen={(appointment) => dialog.openEdit(appointment)}
          />
        ) : (
          <Loading text={T.loading} />
        )}
      </Card>
      {dialog.element}
      <CalendarFeedDialog open={feedOpen} onClose={() => setFeedOpen(false)} />
    </Box>
  );
}
