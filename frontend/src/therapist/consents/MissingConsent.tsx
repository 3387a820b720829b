import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { THERAPIST_BASE } from '../../app/routesConfig';
import { CONSENT_TEXT as T } from '../../i18n/es/consents';

/** Why an action is unavailable for this patient, said before the therapist tries, with the way to fix it. */
export function MissingConsent({ patientId, kind }: { patientId: string; kind: 'grabacion' | 'ia' }) {
  return (
    <Alert
      severity="warning"
      data-testid={`missing-consent-${kind}`}
      action={
        <Button component={RouterLink} to={`${THERAPIST_BASE}/pacientes/${patientId}/consentimientos`} color="inherit" size="small">
          {T.goRecord}
        </Button>
      }
      sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } } }}
    >
      {kind === 'ia' ? T.missingAi : T.missingRecording}
    </Alert>
  );
}
