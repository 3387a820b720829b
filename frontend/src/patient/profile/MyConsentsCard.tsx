import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import { CONSENT_KIND_LABELS, CONSENT_KINDS, MSG, type ConsentKind } from '@consulta/shared';
import { useState } from 'react';
import { reportError } from '../../app/core/reportError';
import { AiDataLink } from '../../components/ai-data/AiDataLink';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ConsentStateCard, latestOf } from '../../components/consents/ConsentStateCard';
import { toastSuccess } from '../../components/toast/toastStore';
import { CONSENT_TEXT as T } from '../../i18n/es/consents';
import { PATIENT_PATHS } from '../paths';
import { useMyConsents, useRevokeMyConsent } from '../patientQueries';

/**
 * 'Mis consentimientos' in 'Mi Perfil': each consent's state, and 'Retirar' (with a confirmation) for those in
 * force. Granting is not offered here: the therapist records a consent after explaining it.
 */
export function MyConsentsCard() {
  const consents = useMyConsents();
  const revoke = useRevokeMyConsent();
  const [asking, setAsking] = useState<ConsentKind | null>(null);

  async function confirm() {
    if (!asking) return;
    try {
      await revoke.mutateAsync(asking);
      toastSuccess(MSG.consents.revoked);
      setAsking(null);
    } catch (error) {
      reportError(error, MSG.consents.loadFailed);
    }
  }

  return (
    <Card component="section" aria-labelledby="consents-card-title" data-testid="my-consents">
      <CardContent sx={{ p: { xs: 2.25, sm: 3 } }}>
        <Typography id="consents-card-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {T.mineTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {T.mineSummary}
        </Typography>
        {/* Beside the AI consent: what the assistant sends about them. */}
        <Box sx={{ mb: 2 }}>
          <AiDataLink to={PATIENT_PATHS.aiData} />
        </Box>
        {consents.isPending ? (
          <CircularProgress aria-label={T.mineTitle} />
        ) : !consents.data ? (
          <Typography color="error">{MSG.consents.loadFailed}</Typography>
        ) : (
          <Box
            component="ul"
            sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}
          >
            {CONSENT_KINDS.map((kind) => (
              <ConsentStateCard
                key={kind}
                kind={kind}
                latest={latestOf(consents.data.registros, kind)}
                action={
                  consents.data.vigentes[kind] ? (
                    <Button
                      variant="outlined"
                      color="error"
                      aria-label={`${T.mineRevoke}: ${CONSENT_KIND_LABELS[kind]}`}
                      onClick={() => setAsking(kind)}
                    >
                      {T.mineRevoke}
                    </Button>
                  ) : undefined
                }
              />
            ))}
          </Box>
        )}
      </CardContent>
      <ConfirmDialog
        id="revoke-consent"
        open={asking !== null}
        title={T.mineRevokeTitle(asking ? CONSENT_KIND_LABELS[asking] : '')}
        action={{ label: T.mineRevoke, busyLabel: T.saving, color: 'error' }}
        busy={revoke.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => void confirm()}
      >
        <DialogContentText>{T.mineRevokeText}</DialogContentText>
      </ConfirmDialog>
    </Card>
  );
}
