import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { THERAPIST_BASE } from '../../app/routesConfig';
import { CONSENT_TEXT as T } from '../../i18n/es/consents';
import type { ConsentReturn } from './consentReturn';

/**
 * Why an action is unavailable for this patient, said before the therapist tries, with the way to fix it. With
 * `returnTo` (the session being written), the consents tab brings the therapist back there once it is recorded.
 */
export function MissingConsent({ patientId, kind, returnTo }: { patientId: string; kind: 'grabacion' | 'ia'; returnTo?: string }) {
  const state: ConsentReturn | undefined = returnTo ? { returnTo, kind } : undefined;
  return (
    <Alert
      severity="warning"
      data-testid={`missing-consent-${kind}`}
      action={
        <Button
          component={RouterLink}
          to={`${THERAPIST_BASE}/pacientes/${patientId}/consentimientos`}
          state={state}
          color="inherit"
          size="small"
        >
          {T.goRecord}
        </Button>
      }
      sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } } }}
    >
      {kind === 'ia' ? T.missingAi : T.missingRecording}
    </Alert>
  );
}
