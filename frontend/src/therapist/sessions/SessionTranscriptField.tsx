import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { SESSION_LIMITS } from '@consulta/shared';
import { useId } from 'react';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { AudienceMarker } from './AudienceMarker';
import { multiline } from './sessionFieldParts';
import type { SessionForm } from './sessionForm';
import { withSegments } from './transcriptEdit';
import { TranscriptTurns } from './TranscriptTurns';

const S = WORKSPACE_TEXT.sessions;

/**
 * The transcript: its turns by speaker once a transcription has some, else a text to type or paste. Shown, not
 * editable, while a job owns it.
 */
export function SessionTranscriptField({
  form,
  onChange,
  jobLocked = false,
  disabled = false,
}: {
  form: SessionForm;
  onChange: (next: SessionForm) => void;
  jobLocked?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  const set = (patch: Partial<SessionForm>) => onChange({ ...form, ...patch });
  return (
    <>
      <Box sx={{ mb: 1.5 }}>
        <AudienceMarker field="transcripcion" id={`${id}-audience-transcripcion`} />
      </Box>
      {jobLocked && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {WORKSPACE_TEXT.newSession.transcriptLocked}
        </Alert>
      )}
      {form.segments.length > 0 ? (
        <TranscriptTurns
          segments={form.segments}
          numVoces={form.num_voces}
          locked={jobLocked || disabled}
          onChange={(segments) => set(withSegments(segments))}
        />
      ) : (
        <TextField
          label={S.transcript}
          {...multiline(8)}
          disabled={disabled}
          value={form.transcripcion}
          onChange={(e) => set({ transcripcion: e.target.value })}
          placeholder={S.form.transcriptPlaceholder}
          slotProps={{
            input: { readOnly: jobLocked },
            htmlInput: { maxLength: SESSION_LIMITS.longTextMax, 'aria-describedby': `${id}-audience-transcripcion` },
          }}
        />
      )}
    </>
  );
}
