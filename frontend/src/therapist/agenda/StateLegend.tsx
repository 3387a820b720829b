import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { APPOINTMENT_STATES } from '@consulta/shared';
import { AppointmentStateChip } from '../../components/agenda/AppointmentStateChip';
import { AGENDA_TEXT } from '../../i18n/es/agenda';

/** What each colour of the calendar means (each with its icon and word), and whether cancelled appointments show. */
export function StateLegend({ showCancelled, onShowCancelled }: { showCancelled: boolean; onShowCancelled: (show: boolean) => void }) {
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
      <Box
        component="ul"
        aria-label={AGENDA_TEXT.legend.label}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, p: 0, m: 0, listStyle: 'none' }}
      >
        {APPOINTMENT_STATES.map((state) => (
          <li key={state}>
            <AppointmentStateChip state={state} />
          </li>
        ))}
      </Box>
      <FormControlLabel
        sx={{ ml: { sm: 'auto' } }}
        control={<Switch checked={showCancelled} onChange={(e) => onShowCancelled(e.target.checked)} />}
        label={AGENDA_TEXT.legend.showCancelled}
      />
    </Stack>
  );
}
