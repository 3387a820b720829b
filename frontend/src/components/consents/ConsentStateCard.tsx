import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  CONSENT_ACTOR_LABELS,
  CONSENT_FORM_LABELS,
  CONSENT_KIND_HELP,
  CONSENT_KIND_LABELS,
  type ConsentKind,
  type ConsentRecord,
  type PatientConsentRecord,
} from '@consulta/shared';
import type { ReactNode } from 'react';
import { formatDateTimeEs } from '../../i18n/format';
import { CONSENT_TEXT as T } from '../../i18n/es/consents';

/** The newest record of `kind` among `records` (newest first), if any. */
export const latestOf = <R extends PatientConsentRecord>(records: readonly R[], kind: ConsentKind): R | undefined =>
  records.find((r) => r.tipo === kind);

/** One kind of consent: its name, what it allows, its state with date, who and how, and the caller's actions. */
export function ConsentStateCard({
  kind,
  latest,
  action,
  extra,
}: {
  kind: ConsentKind;
  latest: PatientConsentRecord | ConsentRecord | undefined;
  action?: ReactNode;
  extra?: ReactNode;
}) {
  const inForce = Boolean(latest && latest.revocado_en === null);
  const line = !latest
    ? null
    : inForce
      ? T.givenOn(formatDateTimeEs(latest.otorgado_en), CONSENT_ACTOR_LABELS[latest.otorgado_por], CONSENT_FORM_LABELS[latest.forma])
      : T.revokedOn(
          formatDateTimeEs(latest.revocado_en),
          CONSENT_ACTOR_LABELS[latest.revocado_por ?? 'terapeuta'],
          'forma_revocacion' in latest && latest.forma_revocacion ? CONSENT_FORM_LABELS[latest.forma_revocacion] : null,
        );
  return (
    <Box
      component="li"
      data-testid={`consent-${kind}`}
      sx={{
        listStyle: 'none',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        p: { xs: 1.5, sm: 2 },
        display: 'flex',
        flexDirection: 'column',
        gap: 0.75,
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {CONSENT_KIND_LABELS[kind]}
        </Typography>
        <Chip
          size="small"
          label={inForce ? T.inForce : latest ? T.revoked : T.notGiven}
          color={inForce ? 'success' : 'default'}
          variant={inForce ? 'filled' : 'outlined'}
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {CONSENT_KIND_HELP[kind]}
      </Typography>
      {line && (
        <Typography variant="body2" data-testid={`consent-${kind}-line`}>
          {line}
        </Typography>
      )}
      {extra}
      {action && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>{action}</Box>}
    </Box>
  );
}
