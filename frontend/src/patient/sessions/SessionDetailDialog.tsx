import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG, type PatientViewSessionSummary } from '@consulta/shared';
import { MY_SESSIONS_TEXT as T } from '../../i18n/es/patient-area';
import { useMySession } from '../patientQueries';
import { SessionDetailContent } from './SessionDetailContent';
import { TitledDialog } from '../../components/TitledDialog';

/** 'Cargando detalles...' over three skeleton placeholders. */
function Loading() {
  return (
    <Stack spacing={1.5} role="status" aria-label={MSG.patientArea.loadingDetail}>
      <Typography color="text.secondary">{MSG.patientArea.loadingDetail}</Typography>
      <Skeleton variant="rounded" height={28} width="45%" />
      <Skeleton variant="rounded" height={72} />
      <Skeleton variant="rounded" height={140} />
    </Stack>
  );
}

/** The detail of one past session, fetched when it opens; closing drops it. */
export function SessionDetailDialog({
  id,
  summary,
  onClose,
}: {
  id: string | null;
  summary: PatientViewSessionSummary | undefined;
  onClose: () => void;
}) {
  const detail = useMySession(id);
  const numero = detail.data?.numero_sesion ?? summary?.numero_sesion;
  return (
    <TitledDialog
      id="my-session"
      title={numero === undefined ? MSG.patientArea.loadingDetail : T.session(numero)}
      open={id !== null}
      onClose={onClose}
      fullScreenOnPhone
      maxWidth="md"
    >
      <DialogContent dividers data-testid="my-session-detail">
        {detail.isPending ? (
          <Loading />
        ) : detail.isError ? (
          <Alert severity="error" variant="outlined">
            {MSG.patientArea.sessionLoadFailed}
          </Alert>
        ) : (
          <SessionDetailContent session={detail.data} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.detail.close}</Button>
      </DialogActions>
    </TitledDialog>
  );
}
