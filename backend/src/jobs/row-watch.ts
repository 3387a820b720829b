/**
 * Aborts `controller` as soon as `stillHeld` answers false: asked every `everyMs` (JOB_WATCH_MS) while a job runs, so that a job
 * whose row was cancelled or deleted stops within that time, its provider request in flight aborted with it. A
 * failed check changes nothing (the next one asks again). Answers the function that stops watching.
 */
export function watchRow(stillHeld: () => Promise<boolean>, controller: AbortController, everyMs: number): () => void {
  let asking = false;
  const timer = setInterval(() => {
    if (asking || controller.signal.aborted) return;
    asking = true;
    stillHeld()
      .then((held) => {
        if (!held) controller.abort();
      })
      .catch(() => undefined)
      .finally(() => {
        asking = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
