import type { TranscriptSegment } from '@consulta/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { turnAt } from './transcriptTurns';

export interface TranscriptPlayback {
  /** Given to the session's <video>. */
  videoRef: (video: HTMLVideoElement | null) => void;
  /** The turn being spoken (or, before playing, the one a link pointed at); -1 for none. */
  active: number;
  /** Moves the video to a turn's start and plays it; undefined until there is a video to move. */
  seek?: (index: number) => void;
}

/**
 * The video and its transcript moving together: the turn being spoken follows the player (its `timeupdate`, a few
 * times a second, and every seek), and a turn moves the player. `startAt` (seconds, from a search result's link)
 * marks its turn at once and starts the video there once it can.
 */
export function useTranscriptPlayback(segments: readonly TranscriptSegment[], startAt: number | null = null): TranscriptPlayback {
  const [active, setActive] = useState(() => (startAt === null ? -1 : turnAt(segments, startAt)));
  const [hasVideo, setHasVideo] = useState(false);
  const turns = useRef(segments);
  const pendingStart = useRef(startAt);
  const player = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    turns.current = segments;
  }, [segments]);

  const videoRef = useCallback((video: HTMLVideoElement | null) => {
    if (!video) return;
    player.current = video;
    setHasVideo(true);
    const follow = () => setActive(turnAt(turns.current, video.currentTime));
    const start = () => {
      if (pendingStart.current === null) return;
      video.currentTime = pendingStart.current;
      pendingStart.current = null;
    };
    video.addEventListener('timeupdate', follow);
    video.addEventListener('seeked', follow);
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) start();
    else video.addEventListener('loadedmetadata', start, { once: true });
    return () => {
      video.removeEventListener('timeupdate', follow);
      video.removeEventListener('seeked', follow);
      video.removeEventListener('loadedmetadata', start);
      player.current = null;
      setHasVideo(false);
    };
  }, []);

  const seek = useCallback((index: number) => {
    const video = player.current;
    const turn = turns.current[index];
    if (!video || !turn) return;
    pendingStart.current = null;
    video.currentTime = turn.start_time;
    setActive(index);
    // Blocked autoplay or a video that cannot play: the position still moved.
    void video.play().catch(() => undefined);
  }, []);

  return { videoRef, active, seek: hasVideo ? seek : undefined };
}
