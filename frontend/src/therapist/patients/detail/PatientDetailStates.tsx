import ArrowBack from '@mui/icons-material/ArrowBack';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Button from '@mui/material/Button';
import { MSG } from '@consulta/shared';
import { Link as RouterLink } from 'react-router';
import { Loading } from '../../../components/LoadStates';
import { MessageCard } from '../../../components/MessageCard';
import { TEXT } from '../../../i18n/es/app';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';

const T = WORKSPACE_TEXT.patientDetail;

/**
 * 'Volver a Mis Pacientes', above every state of the page; with `inHeaderOnPhone` (a patient is shown) a phone has it
 * as the arrow of the compact patient header instead, so the first screen is for the section's content.
 */
export function BackToPatients({ to, inHeaderOnPhone = false }: { to: string; inHeaderOnPhone?: boolean }) {
  return (
    <Button
      component={RouterLink}
      to={to}
      startIcon={<ArrowBack />}
      sx={{ mb: { xs: 1, sm: 2 }, ml: -1, display: { xs: inHeaderOnPhone ? 'none' : 'inline-flex', sm: 'inline-flex' } }}
      color="inherit"
    >
      {T.backToList}
    </Button>
  );
}

export function PatientLoading() {
  return <Loading text={T.loading} roomy />;
}

/** The patient does not exist or is not the therapist's. */
export function PatientNotFound({ listUrl }: { listUrl: string }) {
  return (
    <MessageCard icon={<PersonSearchOutlined />} title={T.notFound} text={T.notFoundHint}>
      <Button variant="contained" component={RouterLink} to={listUrl}>
        {T.backToList}
      </Button>
    </MessageCard>
  );
}

/** The patient could not be loaded (no connection, server failure): offer to try again. */
export function PatientLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <MessageCard icon={<ErrorOutlineOutlined />} title={MSG.sessions.loadPatientFailed} text={T.loadFailedHint}>
      <Button variant="contained" onClick={onRetry}>
        {TEXT.common.retry}
      </Button>
    </MessageCard>
  );
}
