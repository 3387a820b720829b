import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TRANSCRIPT_LIMITS, type TranscriptSegment } from '@consulta/shared';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { voicesText } from '../../components/sessions/sessionFormat';
import { SpeakerRenameDialog } from './SpeakerRenameDialog';
import { formatTimestamp, speakerColor, speakersOf } from '../../components/sessions/transcriptTurns';
import { editTurn, renameSpeaker } from './transcriptEdit';

const T = WORKSPACE_TEXT.ai;

interface TurnProps {
  index: number;
  segment: TranscriptSegment;
  color: string;
  editing: boolean;
  locked: boolean;
  onEdit: (index: number | null) => void;
  onText: (index: number, text: string) => void;
}

/**
 * One turn: who, when, what. Its text is plain until the therapist edits it (one editor at a time keeps an hour of
 * speech, ~600 turns, light); off screen, the browser skips laying it out.
 */
const Turn = memo(function Turn({ index, segment, color, editing, locked, onEdit, onText }: TurnProps) {
  const n = index + 1;
  const speaker = segment.speaker_label;
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);
  const close = () => {
    refocus.current = true;
    onEdit(null);
  };

  return (
    <Box
      component="li"
      data-testid="transcript-turn"
      data-speaker={speaker}
      sx={{
        display: 'grid',
        gridTemplateColumns: editing || locked ? 'minmax(0, 1fr)' : 'minmax(0, 1fr) auto',
        columnGap: 1,
        alignItems: 'start',
        py: 1,
        pl: 1.5,
        pr: 0.5,
        borderLeft: 3,
        borderColor: color,
        '&:not(:last-of-type)': { mb: 0.75 },
        bgcolor: editing ? 'action.hover' : undefined,
        borderRadius: '0 8px 8px 0',
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 72px',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'baseline', columnGap: 1, flexWrap: 'wrap' }}>
          <Typography variant="caption" sx={{ color, fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="transcript-turn-speaker">
            {speaker}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            component="time"
            sx={{ fontVariantNumeric: 'tabular-nums' }}
            data-testid="transcript-turn-time"
          >
            {formatTimestamp(segment.start_time)}
          </Typography>
        </Stack>
        {editing ? (
          <TextField
            multiline
            minRows={2}
            maxRows={12}
            fullWidth
            size="small"
            autoFocus
            value={segment.text}
            onChange={(e) => onText(index, e.target.value)}
            // Focus elsewhere on the page ends the edit; 'Listo' (reached with Tab) and another app do not.
            onBlur={(e) => {
              const to = e.relatedTarget;
              if (document.hasFocus() && !(to instanceof Node && e.currentTarget.closest('li')?.contains(to))) onEdit(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation();
                close();
              }
            }}
            // The caret at the end: a click to edit usually means adding to the turn.
            onFocus={(e) => e.target.setSelectionRange(e.target.value.length, e.target.value.length)}
            sx={{ mt: 0.5 }}
            slotProps={{ htmlInput: { 'aria-label': T.turnText(n, speaker), maxLength: TRANSCRIPT_LIMITS.segmentTextMax } }}
          />
        ) : (
          <Typography
            variant="body2"
            data-testid="transcript-turn-text"
            onClick={locked ? undefined : () => onEdit(index)}
            sx={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              mt: 0.25,
              cursor: locked ? undefined : 'text',
              color: segment.text.trim() ? 'text.primary' : 'text.secondary',
            }}
          >
            {segment.text.trim() ? segment.text : T.emptyTurn}
          </Typography>
        )}
        {editing && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5 }}>
            {/* Pressed without taking the focus: the text field's blur does not close the editor first. */}
            <Button size="small" onMouseDown={(e) => e.preventDefault()} onClick={close}>
              {T.doneEditing}
            </Button>
          </Box>
        )}
      </Box>
      {!editing && !locked && (
        <IconButton ref={editButton} size="small" aria-label={T.editTurn(n, speaker)} onClick={() => onEdit(index)}>
          <EditOutlined fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
});

/**
 * A diarized transcript, editable (`transcript`): the speakers (each with its colour; a click renames
 * one everywhere), then the turns in order with the speaker, the start time and the text (a click edits it).
 * `locked` while a job owns the transcript.
 */
export function TranscriptTurns({
  segments,
  numVoces,
  locked,
  onChange,
}: {
  segments: TranscriptSegment[];
  numVoces: number;
  locked: boolean;
  onChange: (segments: TranscriptSegment[]) => void;
}) {
  const speakers = useMemo(() => speakersOf(segments), [segments]);
  const [editing, setEditing] = useState<number | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const shownEditing = locked ? null : editing;

  // The rows keep their callbacks (so only the edited row renders again): they read the latest transcript here.
  const latest = useRef({ segments, onChange });
  useLayoutEffect(() => {
    latest.current = { segments, onChange };
  });
  const onText = useCallback((index: number, text: string) => {
    const { segments: current, onChange: change } = latest.current;
    const next = editTurn(current, index, text);
    if (next !== current) change(next);
  }, []);

  function rename(name: string) {
    if (renaming !== null) {
      const next = renameSpeaker(segments, renaming, name);
      if (next !== segments) onChange(next);
    }
    setRenaming(null);
  }

  return (
    <Box data-testid="transcript-by-speaker" sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mb: 1.25 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="transcript-summary">
          {T.turnsSummary(segments.length, speakers.length)}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="transcript-voices">
          {T.voices(voicesText(numVoces))}
        </Typography>
      </Stack>

      <Box role="group" aria-labelledby="transcript-speakers-title" sx={{ mb: 1.5 }}>
        <Typography
          id="transcript-speakers-title"
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ fontWeight: 600, mb: 0.75 }}
        >
          {T.speakersTitle}
        </Typography>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.75 }}>
          {speakers.map((s) => {
            const color = speakerColor(speakers, s);
            return (
              <Chip
                key={s}
                label={s}
                variant="outlined"
                disabled={locked}
                onClick={() => setRenaming(s)}
                icon={<EditOutlined sx={{ fontSize: 16, color: `${color} !important` }} />}
                aria-label={T.renameSpeaker(s)}
                data-testid="transcript-speaker"
                sx={{ borderColor: color, color, fontWeight: 600, maxWidth: '100%' }}
              />
            );
          })}
        </Stack>
        {!locked && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75 }}>
            {T.speakersHint}
          </Typography>
        )}
      </Box>

      <Box
        component="ol"
        aria-label={T.turnsLabel}
        data-testid="transcript-turns"
        tabIndex={0}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0.5,
          pr: 1,
          maxHeight: { xs: '70vh', sm: 560 },
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
        }}
      >
        {segments.map((segment, index) => (
          <Turn
            key={index}
            index={index}
            segment={segment}
            color={speakerColor(speakers, segment.speaker_label)}
            editing={shownEditing === index}
            locked={locked}
            onEdit={setEditing}
            onText={onText}
          />
        ))}
      </Box>
      <SpeakerRenameDialog speaker={renaming} onCancel={() => setRenaming(null)} onRename={rename} />
    </Box>
  );
}
