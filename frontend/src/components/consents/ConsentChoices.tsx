import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { CONSENT_KIND_HELP, CONSENT_KIND_LABELS, type AskableConsentKind } from '@consulta/shared';
import type { ReactNode } from 'react';
import { FormSection } from '../patient-profile/PatientProfileFields';

/**
 * A box per consent kind, unticked unless `checked` says so, each with what it allows (CONSENT_KIND_HELP) as its
 * description; `extra(kind)` is shown under a ticked one (e.g. how the patient gave it).
 */
export function ConsentChoices({
  title,
  intro,
  kinds,
  checked,
  onChange,
  label = (kind) => CONSENT_KIND_LABELS[kind],
  extra,
  disabled = false,
  idPrefix,
}: {
  title: string;
  intro: string;
  kinds: readonly AskableConsentKind[];
  checked: readonly AskableConsentKind[];
  onChange: (kind: AskableConsentKind, ticked: boolean) => void;
  label?: (kind: AskableConsentKind) => string;
  extra?: (kind: AskableConsentKind) => ReactNode;
  disabled?: boolean;
  idPrefix: string;
}) {
  return (
    <FormSection title={title}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {intro}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1 }}>
        {kinds.map((kind) => {
          const ticked = checked.includes(kind);
          const helpId = `${idPrefix}-${kind}-help`;
          return (
            <Box key={kind} data-testid={`${idPrefix}-${kind}`}>
              <FormControlLabel
                disabled={disabled}
                control={
                  <Checkbox
                    checked={ticked}
                    onChange={(e) => onChange(kind, e.target.checked)}
                    slotProps={{ input: { 'aria-describedby': helpId } }}
                  />
                }
                label={label(kind)}
              />
              <Typography id={helpId} variant="body2" color="text.secondary" sx={{ ml: 4, mt: -0.5 }}>
                {CONSENT_KIND_HELP[kind]}
              </Typography>
              {ticked && extra && <Box sx={{ ml: 4, mt: 1.5, maxWidth: 320 }}>{extra(kind)}</Box>}
            </Box>
          );
        })}
      </Box>
    </FormSection>
  );
}
