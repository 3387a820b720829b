import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SESSION_LIMITS } from '@consulta/shared';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import type { SessionAudienceField } from '@consulta/shared';
import { AudienceMarker, type AnalysisPublication } from './AudienceMarker';
import type { SessionForm } from './sessionForm';

/** A long text to read (it scrolls, with the keyboard too). */
function ReadOnlyText({ title, text, field }: { title: string; text: string; field: SessionAudienceField }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Box sx={{ mb: 0.75 }}>
        <AudienceMarker field={field} />
      </Box>
      <Typography
        variant="body2"
        tabIndex={0}
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          bgcolor: 'action.hover',
          borderRadius: 1.5,
          p: 1.5,
          maxHeight: 360,
          overflowY: 'auto',
        }}
      >
        {text}
      </Typography>
    </Box>
  );
}

/** The analyses: the therapist's, read-only; the patient version, editable. */
export function SessionAnalysisFields({
  form,
  locked,
  disabled,
  publication,
  set,
}: {
  form: SessionForm;
  /** When the patient version reaches the patient. */
  publication: AnalysisPublication;
  /** A job is writing the analyses: shown, not editable. */
  locked: boolean;
  disabled?: boolean;
  set: (patch: Partial<SessionForm>) => void;
}) {
  return (
    <Stack spacing={2.5}>
      {locked && <Alert severity="info">{WORKSPACE_TEXT.ai.analysisLocked}</Alert>}
      {form.analisis_ia.trim() && <ReadOnlyText title={WORKSPACE_TEXT.ai.therapistAnalysis} text={form.analisis_ia} field="analisis_ia" />}
      <TextField
        label={WORKSPACE_TEXT.ai.patientVersion}
        multiline
        minRows={6}
        maxRows={16}
        fullWidth
        disabled={disabled}
        value={form.analisis_ia_paciente}
        onChange={(e) => set({ analisis_ia_paciente: e.target.value })}
        helperText={
          <>
            <AudienceMarker field="analisis_ia_paciente" publication={publication} />
            {!locked && (
              <Box component="span" sx={{ display: 'block' }}>
                {WORKSPACE_TEXT.ai.patientVersionHint}
              </Box>
            )}
          </>
        }
        slotProps={{ input: { readOnly: locked }, htmlInput: { maxLength: SESSION_LIMITS.longTextMax } }}
      />
    </Stack>
  );
}
