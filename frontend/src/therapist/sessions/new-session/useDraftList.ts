import { MSG, type SessionDraft } from '@consulta/shared';
import { useDataProvider } from 'ra-core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportError } from '../../../app/core/reportError';
import type { ConsultaDataProvider } from '../../../app/providers/dataProvider';

interface Loaded {
  patientId: string;
  drafts: SessionDraft[];
  failed: boolean;
}

const newestFirst = (drafts: SessionDraft[]) => [...drafts].sort((a, b) => b.updated_at.localeCompare(a.updated_at));

/**
 * The patient's drafts ('Sesiones en Procesamiento'), most recently saved first. The autosaver keeps
 * the entries current (upsert/remove) without reloading the whole list.
 */
export function useDraftList(patientId: string | null) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [version, setVersion] = useState(0);
  // Drafts the autosaver saved while the list was loading: the answer may predate them (a draft is created as soon
  // as a patient is chosen), so they are laid over it.
  const savedMeanwhile = useRef<SessionDraft[]>([]);

  useEffect(() => {
    if (!patientId) return;
    let current = true;
    savedMeanwhile.current = [];
    dataProvider.getPatientDrafts(patientId).then(
      (drafts) => {
        if (!current) return;
        const newer = savedMeanwhile.current.filter((d) => d.paciente_id === patientId);
        const rest = drafts.filter((d) => !newer.some((n) => n.id === d.id));
        setLoaded({ patientId, drafts: newestFirst([...newer, ...rest]), failed: false });
      },
      (error: unknown) => {
        if (!current) return;
        reportError(error, MSG.drafts.loadListFailed);
        setLoaded({ patientId, drafts: [], failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [dataProvider, patientId, version]);

  const upsert = useCallback((draft: SessionDraft) => {
    savedMeanwhile.current = [draft, ...savedMeanwhile.current.filter((d) => d.id !== draft.id)];
    setLoaded((s) =>
      s && s.patientId === draft.paciente_id ? { ...s, drafts: newestFirst([draft, ...s.drafts.filter((d) => d.id !== draft.id)]) } : s,
    );
  }, []);
  const remove = useCallback((id: string) => {
    savedMeanwhile.current = savedMeanwhile.current.filter((d) => d.id !== id);
    setLoaded((s) => (s ? { ...s, drafts: s.drafts.filter((d) => d.id !== id) } : s));
  }, []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  const mine = loaded && loaded.patientId === patientId ? loaded : null;
  return {
    drafts: mine?.drafts ?? [],
    loading: Boolean(patientId) && !mine,
    failed: mine?.failed ?? false,
    upsert,
    remove,
    reload,
  };
}
