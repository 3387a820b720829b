import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { CONSENT_ACTOR_LABELS, CONSENT_FORM_LABELS, CONSENT_KIND_LABELS, CONSENT_KINDS, MSG } from '@consulta/shared';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { reportError } from '../../app/core/reportError';
import { ConsentStateCard, latestOf } from '../../components/consents/ConsentStateCard';
import { toastSuccess } from '../../components/toast/toastStore';
import { leaveWithoutAsking } from '../../components/unsaved/leaveGuards';
import { formatDateTimeEs } from '../../i18n/format';
import { CONSENT_TEXT as T } from '../../i18n/es/consents';
import { TabHeader } from '../../components/TabHeader';
import type { PatientTabProps } from '../patients/detail/tabTypes';
import { ConsentDialog, type ConsentDialogAsk } from './ConsentDialog';
import { useConsentChange, usePatientConsents } from './consentQueries';
import { consentReturnOf } from './consentReturn';

/**
 * 'Consentimientos' of the patient detail: each kind with its state, 'Registrar' / 'Revocar', and the history.
 * Reached from a consent gate of a session being written, it leads back there, by itself once that consent is recorded.
 */
export function ConsentsTab({ patient }: PatientTabProps) {
  const back = consentReturnOf(useLocation().state);
  const navigate = useNavigate();
  const { data, isPending, isError } = usePatientConsents(patient.id);
  const { grant, revoke } = useConsentChange(patient.id);
  const [ask, setAsk] = useState<ConsentDialogAsk | null>(null);
  const saving = grant.isPending || revoke.isPending;

  async function confirm(forma: 'verbal' | 'escrito' | 'digital', nota: string | null) {
    if (!ask) return;
    try {
      if (ask.action === 'grant') await grant.mutateAsync({ tipo: ask.kind, forma, nota });
      else await revoke.mutateAsync({ kind: ask.kind, forma, nota });
      toastSuccess(ask.action === 'grant' ? MSG.consents.recorded : MSG.consents.revoked);
      setAsk(null);
      if (back && ask.action === 'grant' && ask.kind === back.kind) {
        // Recorded: the dialog (its note) has nothing left to keep.
        leaveWithoutAsking();
        void navigate(back.returnTo);
      }
    } catch (error) {
      reportError(error, MSG.consents.loadFailed);
    }
  }

  return (
    <Box data-testid="consents-tab" sx={{ minWidth: 0 }}>
      <TabHeader title={T.title} summary={T.summary} />
      {back && (
        <Alert
          severity="info"
          data-testid="consent-return"
          sx={{ mb: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } } }}
          action={
            <Button component={RouterLink} to={back.returnTo} color="inherit" size="small">
              {T.backToSession}
            </Button>
          }
        >
          {T.returnHint}
        </Alert>
      )}
      {isPending ? (
        <CircularProgress aria-label={T.title} />
      ) : isError || !data ? (
        <Typography color="error">{MSG.consents.loadFailed}</Typography>
      ) : (
        <>
          <Box
            component="ul"
            sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}
          >
            {CONSENT_KINDS.map((kind) => {
              const latest = latestOf(data.registros, kind);
              const label = CONSENT_KIND_LABELS[kind];
              return (
                <ConsentStateCard
                  key={kind}
                  kind={kind}
                  latest={latest}
                  extra={
                    latest?.revocado_en === null && latest.nota ? (
                      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
                        {latest.nota}
                      </Typography>
                    ) : null
                  }
                  action={
                    data.vigentes[kind] ? (
                      <Button
                        variant="outlined"
                        color="error"
                        aria-label={`${T.revoke}: ${label}`}
                        onClick={() => setAsk({ kind, action: 'revoke' })}
                      >
                        {T.revoke}
                      </Button>
                    ) : (
                      <Button variant="contained" aria-label={`${T.record}: ${label}`} onClick={() => setAsk({ kind, action: 'grant' })}>
                        {T.record}
                      </Button>
                    )
                  }
                />
              );
            })}
          </Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>
            {T.history}
          </Typography>
          {data.registros.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {T.noHistory}
            </Typography>
          ) : (
            <Box component="ul" data-testid="consent-history" sx={{ pl: 2.5, m: 0, '& li': { mb: 0.75, overflowWrap: 'anywhere' } }}>
              {data.registros.map((r) => (
                <Typography component="li" variant="body2" key={r.id}>
                  <strong>{CONSENT_KIND_LABELS[r.tipo]}</strong>
                  {` — ${T.givenOn(formatDateTimeEs(r.otorgado_en), r.otorgado_por_nombre ?? CONSENT_ACTOR_LABELS[r.otorgado_por], CONSENT_FORM_LABELS[r.forma])}`}
                  {r.revocado_en &&
                    `. ${T.revokedOn(
                      formatDateTimeEs(r.revocado_en),
                      r.revocado_por_nombre ?? CONSENT_ACTOR_LABELS[r.revocado_por ?? 'terapeuta'],
                      r.forma_revocacion ? CONSENT_FORM_LABELS[r.forma_revocacion] : null,
                    )}`}
                </Typography>
              ))}
            </Box>
          )}
        </>
      )}
      <ConsentDialog
        key={ask ? `${ask.kind}-${ask.action}` : 'closed'}
        ask={ask}
        saving={saving}
        onCancel={() => setAsk(null)}
        onConfirm={(forma, nota) => void confirm(forma, nota)}
      />
    </Box>
  );
}
