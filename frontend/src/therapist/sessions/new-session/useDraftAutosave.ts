import type { SessionType } from '@consulta/shared';
import { useDataProvider } from 'ra-core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ConsultaDataProvider } from '../../../app/providers/dataProvider';
import { DraftAutosaver, type AutosaveSnapshot, type DraftEvents } from './draftAutosaver';

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
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const [saver] = useState(
    () =>
      new DraftAutosaver({
        createDraft: (data) => dataProvider.createDraft(data),
        updateDraft: (id, data) => dataProvider.updateDraft(id, data),
        getDraft: (id) => dataProvider.getDraft(id),
        getDraftProgress: (id) => dataProvider.getDraftProgress(id),
        updateDraftOnPageHide: (id, data) => dataProvider.updateDraft(id, data, { keepalive: true }),
        startTranscription: (id) => dataProvider.startTranscription(id),
        startAnalysis: (id) => dataProvider.startAnalysis(id),
      }),
  );

  useEffect(() => saver.setEvents(events), [saver, events]);
  useEffect(() => saver.setPatient(patientId), [saver, patientId]);
  useEffect(() => saver.setTypes(types), [saver, types]);

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
