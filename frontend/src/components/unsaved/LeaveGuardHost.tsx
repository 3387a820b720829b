import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { dirtyLeaveGuard, mustAskBeforeLeaving, settleLeave } from './leaveGuards';

/**
 * The app's one navigation blocker (a router supports one): a move to another page while a form has unsaved
 * changes waits for that form, which saves first or asks (see useUnsavedChanges). Needs a data router.
 */
export function LeaveGuardHost() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => mustAskBeforeLeaving(currentLocation.pathname, nextLocation.pathname));
  const latest = useRef(blocker);
  useEffect(() => {
    latest.current = blocker;
  });

  // Each held move has its own location: a second one right after the first is answered too.
  const attempt = blocker.state === 'blocked' ? blocker.location : null;
  useEffect(() => {
    if (!attempt) return;
    const guard = dirtyLeaveGuard();
    if (!guard) return latest.current.proceed?.();
    let cancelled = false;
    void settleLeave(guard).then((leave) => {
      if (cancelled) return;
      if (leave) latest.current.proceed?.();
      else latest.current.reset?.();
    });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  return null;
}
