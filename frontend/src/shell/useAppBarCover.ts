import useScrollTrigger from '@mui/material/useScrollTrigger';
import { useEffect, useState } from 'react';

/** Marks the shell's app bar (ShellAppBar), so what sticks to the top of the page can stay under it. */
export const APP_BAR_ATTR = 'data-shell-app-bar';

/** The height of the shell's app bar (0 until it is drawn), followed as it changes (a phone turned, the width). */
export function useAppBarHeight(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const bar = document.querySelector<HTMLElement>(`[${APP_BAR_ATTR}]`);
    if (!bar) return;
    // Called once on observe, then on each change.
    const observer = new ResizeObserver(() => setHeight(bar.offsetHeight));
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  return height;
}

/**
 * How much of the window's top the shell's app bar covers now: its height while it is shown, 0 once it has slid
 * away (react-admin hides it on a scroll down and brings it back on a scroll up, by this same scroll trigger).
 */
export function useAppBarCover(): number {
  const hidden = useScrollTrigger();
  const height = useAppBarHeight();
  return hidden ? 0 : height;
}
