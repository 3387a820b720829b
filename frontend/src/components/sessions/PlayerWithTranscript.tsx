import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Marks the player that stays in view (TranscriptTimeline reads its height to keep the turn it follows below it). */
export const STICKY_PLAYER_ATTR = 'data-sticky-player';

/**
 * A session's video and its transcript in one scroll: the player stays in view (sticky at the top of whatever
 * scrolls: the page, or a dialog's content) while the transcript, at its whole length, is read under it; from
 * 1200 px on, the transcript stands beside the video. The video's height is capped so that, stuck, it leaves most of
 * a short screen to the transcript.
 */
export function PlayerWithTranscript({
  player,
  transcript,
  stickyTop = 0,
}: {
  player: ReactNode;
  transcript: ReactNode;
  /** Where the player sticks, from the top of what scrolls (in px; a dialog's content: less its top padding). */
  stickyTop?: number;
}) {
  return (
    <Box
      data-testid="player-with-transcript"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        alignItems: 'start',
        columnGap: 3,
        rowGap: 2,
        '@media (min-width: 1200px)': { gridTemplateColumns: 'minmax(0, 1.15fr) minmax(0, 1fr)' },
      }}
    >
      <Box
        {...{ [STICKY_PLAYER_ATTR]: '' }}
        data-testid="sticky-player"
        sx={{
          position: 'sticky',
          top: stickyTop,
          // Follows an app bar sliding in and out above it.
          transition: (theme) => theme.transitions.create('top', { duration: theme.transitions.duration.enteringScreen }),
          zIndex: 2,
          bgcolor: 'background.paper',
          pt: 1,
          pb: 1.5,
          mt: -1,
          // The frame of the video: at most 38 % of the screen's height once stuck.
          '& [data-video-frame]': { maxHeight: 'min(420px, 38vh)' },
        }}
      >
        {player}
      </Box>
      <Box sx={{ minWidth: 0 }}>{transcript}</Box>
    </Box>
  );
}
