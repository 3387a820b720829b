import type { SessionType } from '@consulta/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { DraftAutosaver, type AutosaveSnapshot, type DraftEvents } from './draftAutosaver';
import { useAutosaverCalls } from './draftQueries';

/**
 * The open draft of the new-session form, saved as the therapist types (see DraftAutosaver): the form, the draft,
 * the save state, and the autosaver's actions. Pending changes are sent when the page is hidden or unloaded and
 * when the panel unmounts.
 */
export function useDraftAutosave({
  patientId,
  types,
  events,
}: {
  patientId: string | null;
  types: readonly SessionType[];
  events: DraftEvents;
}): AutosaveSnapshot & { saver: DraftAutosaver } {
  const calls = useAutosaverCalls();
  const [saver] = useState(() => new DraftAutosaver(calls));

  useEffect(() => {
    saver.setEvents(events);
  }, [saver, events]);
  useEffect(() => {
    saver.setPatient(patientId);
  }, [saver, patientId]);
  useEffect(() => {
    saver.setTypes(types);
  }, [saver, types]);

  useEffect(() => {
    saver.attach();
    const onHide = () => saver.pageHidden();
    const onVisibility = () => document.visibilityState === 'hidden' && saver.pageHidden();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      saver.detach();
    };
  }, [saver]);

  const snapshot = useSyncExternalStore(saver.subscribe, saver.getSnapshot);
  return { ...snapshot, saver };
}
