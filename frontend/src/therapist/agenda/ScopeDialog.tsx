import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import type { AppointmentScope } from '@consulta/shared';
import { AGENDA_TEXT } from '../../i18n/es/agenda';
import { TitledDialog } from '../../components/TitledDialog';

const T = AGENDA_TEXT.scope;

/**
 * A change to an appointment of a series asks what it applies to: 'Solo esta cita' or 'Esta y las siguientes'
 * (`alcance`). 'Volver' changes nothing.
 */
export function ScopeDialog({
  open,
  text,
  onChoose,
  onCancel,
}: {
  open: boolean;
  text: string;
  onChoose: (scope: AppointmentScope) => void;
  onCancel: () => void;
}) {
  return (
    <TitledDialog id="scope" title={T.title} described open={open} onClose={onCancel} maxWidth="xs">
      <DialogContent>
        <DialogContentText id="scope-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions disableSpacing sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} color="inherit">
          {T.back}
        </Button>
        <Button variant="outlined" onClick={() => onChoose('siguientes')}>
          {T.siguientes}
        </Button>
        <Button variant="contained" onClick={() => onChoose('esta')} autoFocus>
          {T.esta}
        </Button>
      </DialogActions>
    </TitledDialog>
  );
}
