import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import type { TranscriptSegment } from '@consulta/shared';
import { memo, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { visuallyHidden } from '../visuallyHidden';
import { formatTimestamp, speakerColor, speakersOf } from './transcriptTurns';

const T = WORKSPACE_TEXT.turns;

interface TurnProps {
  segment: TranscriptSegment;
  color: string;
  active: boolean;
  index: number;
  onSeek?: (index: number) => void;
}

/** One turn: when, who, what; a control that moves the video to its start while there is a video to move. */
const Turn = memo(function Turn({ segment, color, active, index, onSeek }: TurnProps) {
  const time = formatTimestamp(segment.start_time);
  const content: ReactNode = (
    <>
      <Box component="span" sx={{ display: 'flex', alignItems: 'baseline', columnGap: 1, flexWrap: 'wrap' }}>
        {onSeek && <span style={visuallyHidden}>{T.playFrom} </span>}
        <Typography
          variant="caption"
          component="time"
          color="text.secondary"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
          data-testid="timeline-turn-time"
        >
          {time}
        </Typography>
        <Typography variant="caption" component="span" sx={{ color, fontWeight: 700, overflowWrap: 'anywhere' }}>
          {segment.speaker_label}
        </Typography>
      </Box>
      <Typography variant="body2" component="span" sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.25 }}>
        {segment.text}
      </Typography>
    </>
  );
  const box = {
    display: 'block',
    width: '100%',
    textAlign: 'left',
    py: 0.75,
    pl: 1.25,
    pr: 1,
    borderLeft: 3,
    borderColor: color,
    borderRadius: '0 8px 8px 0',
    bgcolor: active ? (theme: Theme) => alpha(theme.palette.primary.main, 0.12) : undefined,
  } as const;
  return (
    <Box
      component="li"
      data-testid="timeline-turn"
      data-active={active || undefined}
      aria-current={active || undefined}
      sx={{ listStyle: 'none', '&:not(:last-of-type)': { mb: 0.5 } }}
    >
      {onSeek ? (
        <ButtonBase
          onClick={() => onSeek(index)}
          sx={{
            ...box,
            '&:hover': { bgcolor: 'action.hover' },
            '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
          }}
        >
          {content}
        </ButtonBase>
      ) : (
        <Box sx={box}>{content}</Box>
      )}
    </Box>
  );
});

/** Whether `el` shows inside `box`: at least partly, or `whole`. */
function shows(el: Element, box: Element, whole = false): boolean {
  const a = el.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  return whole ? a.top >= b.top && a.bottom <= b.bottom : a.bottom > b.top && a.top < b.bottom;
}

/**
 * A transcript by turns in a box of its own: each with its time (mm:ss), speaker and text. With `onSeek`, a turn
 * is a button (click, Enter or Space) that moves the video there. The `active` turn is highlighted and kept in view
 * inside the box (never by scrolling the page), unless the reader had scrolled away from the turn before it: then
 * the box stays where they are reading. Screen readers hear the new turn politely, once per turn.
 */
export function TranscriptTimeline({
  segments,
  active,
  onSeek,
  maxHeight,
}: {
  segments: readonly TranscriptSegment[];
  active: number;
  onSeek?: (index: number) => void;
  maxHeight: number | string;
}) {
  const speakers = useMemo(() => speakersOf(segments), [segments]);
  const box = useRef<HTMLDivElement>(null);
  const shown = useRef<number | null>(null);

  useLayoutEffect(() => {
    const container = box.current;
    const before = shown.current;
    shown.current = active;
    if (!container || active < 0 || active === before) return;
    const items = container.querySelectorAll('[data-testid="timeline-turn"]');
    const turn = items[active] as HTMLElement | undefined;
    const previous = before === null || before < 0 ? null : items[before];
    if (!turn || (previous && !shows(previous, container)) || shows(turn, container, true)) return;
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    container.scrollTo({ top: Math.max(0, turn.offsetTop - container.clientHeight / 4), behavior: smooth ? 'smooth' : 'auto' });
  }, [active]);

  const current = segments[active];
  return (
    <Box>
      {onSeek && (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mb: 1 }}>
          {T.hint}
        </Typography>
      )}
      <Box
        ref={box}
        role="region"
        aria-label={T.list}
        tabIndex={0}
        data-testid="transcript-timeline"
        sx={{ position: 'relative', maxHeight, overflowY: 'auto', overscrollBehavior: 'contain', pr: 0.5 }}
      >
        <Box component="ol" sx={{ m: 0, p: 0 }}>
          {segments.map((segment, index) => (
            <Turn
              key={index}
              index={index}
              segment={segment}
              color={speakerColor(speakers, segment.speaker_label)}
              active={index === active}
              onSeek={onSeek}
            />
          ))}
        </Box>
      </Box>
      <div aria-live="polite" style={visuallyHidden} data-testid="timeline-announcer">
        {current ? T.nowSpeaking(active + 1, segments.length, current.speaker_label, formatTimestamp(current.start_time)) : ''}
      </div>
    </Box>
  );
}
