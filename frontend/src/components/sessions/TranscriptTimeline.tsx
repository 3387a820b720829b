import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import type { TranscriptSegment } from '@consulta/shared';
import { memo, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { visuallyHidden } from '../visuallyHidden';
import { STICKY_PLAYER_ATTR } from './PlayerWithTranscript';
import { formatTimestamp, speakerColor, speakersOf } from './transcriptTurns';
import { scrollMotion } from '../motion';

const T = WORKSPACE_TEXT.turns;

interface TurnProps {
  segment: TranscriptSegment;
  color: string;
  active: boolean;
  index: number;
  onSeek?: (index: number) => void;
  /** The turn's text with the words looked for marked (the turn a search result opened). */
  marked?: ReactNode;
}

/** The turn whose words are marked, and how (a search result's turn, its words in <mark>). */
export interface MarkedTurn {
  index: number;
  render: (text: string) => ReactNode;
}

/** One turn: when, who, what; a control that moves the video to its start while there is a video to move. */
const Turn = memo(function Turn({ segment, color, active, index, onSeek, marked }: TurnProps) {
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
        {marked ?? segment.text}
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

/** What scrolls `el`: its nearest ancestor that scrolls vertically (a dialog's content), or null for the page. */
function scrollerOf(el: HTMLElement): HTMLElement | null {
  for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}

/**
 * Where the turns can be read, top and bottom on screen: the scrolling area, less the player that stays in view at
 * its top when the player stands above the turns (not beside them).
 */
function readingArea(list: HTMLElement, scroller: HTMLElement | null): { top: number; bottom: number } {
  const area = scroller ? scroller.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
  let top = area.top;
  const player = list.closest('[data-testid="player-with-transcript"]')?.querySelector<HTMLElement>(`[${STICKY_PLAYER_ATTR}]`);
  if (player) {
    const p = player.getBoundingClientRect();
    const l = list.getBoundingClientRect();
    // Stuck, it stands `top` below the page's top (under an app bar shown); a dialog's negative one only undoes
    // its padding.
    if (p.left < l.right && p.right > l.left) top += p.height + Math.max(0, parseFloat(getComputedStyle(player).top) || 0);
  }
  return { top, bottom: area.bottom };
}

/** Whether `el` shows in the reading area: at least partly, or `whole`. */
function shows(el: Element, area: { top: number; bottom: number }, whole = false): boolean {
  const a = el.getBoundingClientRect();
  return whole ? a.top >= area.top && a.bottom <= area.bottom : a.bottom > area.top && a.top < area.bottom;
}

/**
 * A transcript by turns, at its whole length in the page (one scroll: the page's, or the dialog's): each with its
 * time (mm:ss), speaker and text. With `onSeek`, a turn is a button (click, Enter or Space) that moves the video
 * there. The `active` turn is highlighted and scrolled into view, under the player that stays in view
 * (PlayerWithTranscript), unless the reader had scrolled away from the turn before it: then the page stays where
 * they are reading. Screen readers hear the new turn politely, once per turn.
 */
export function TranscriptTimeline({
  segments,
  active,
  onSeek,
  mark = null,
}: {
  segments: readonly TranscriptSegment[];
  active: number;
  onSeek?: (index: number) => void;
  mark?: MarkedTurn | null;
}) {
  const speakers = useMemo(() => speakersOf(segments), [segments]);
  const box = useRef<HTMLDivElement>(null);
  const shown = useRef<number | null>(null);

  useLayoutEffect(() => {
    const list = box.current;
    if (!list || active < 0 || active === shown.current) return;
    // In the next frame, after this commit's other layout effects: a page opened at a turn first puts its own top in
    // view, and an instant scroll (less motion) made here would be undone by it. Turns passed within one frame are
    // skipped: the one before is the last turn this timeline showed.
    const frame = requestAnimationFrame(() => {
      const before = shown.current;
      shown.current = active;
      const items = list.querySelectorAll('[data-testid="timeline-turn"]');
      const turn = items[active] as HTMLElement | undefined;
      const previous = before === null || before < 0 ? null : items[before];
      const scroller = scrollerOf(list);
      const area = readingArea(list, scroller);
      if (!turn || (previous && !shows(previous, area)) || shows(turn, area, true)) return;
      const by = turn.getBoundingClientRect().top - (area.top + (area.bottom - area.top) / 4);
      // Where to, not how far: a glide still under way (to the turn before) would add this distance to its own end.
      const from = scroller ? scroller.scrollTop : window.scrollY;
      (scroller ?? window).scrollTo({ top: from + by, behavior: scrollMotion() });
    });
    return () => cancelAnimationFrame(frame);
  }, [active]);

  const current = segments[active];
  return (
    <Box>
      {onSeek && (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mb: 1 }}>
          {T.hint}
        </Typography>
      )}
      <Box ref={box} role="region" aria-label={T.list} data-testid="transcript-timeline" sx={{ position: 'relative' }}>
        <Box component="ol" sx={{ m: 0, p: 0 }}>
          {segments.map((segment, index) => (
            <Turn
              key={index}
              index={index}
              segment={segment}
              color={speakerColor(speakers, segment.speaker_label)}
              active={index === active}
              onSeek={onSeek}
              marked={mark?.index === index ? mark.render(segment.text) : undefined}
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
