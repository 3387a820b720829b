import type { PatientListItem } from '@consulta/shared';
import { useDataProvider } from 'ra-core';
import { useCallback, useEffect, useState } from 'react';
import { isTokenExpiredError } from '../../app/core/http';
import { getToken } from '../../app/core/session';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { toastError } from '../../components/toast/toastStore';

interface State {
  patients: PatientListItem[];
  loading: boolean;
}

/**
 * The whole patient list (GET /pacientes/), as the card grid needs it for its instant search.
 * 'Error al cargar pacientes' on failure; an expired session silently leaves the list empty.
 */
export function usePatientList() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const [state, setState] = useState<State>({ patients: [], loading: true });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    const load = async () => {
      if (!getToken()) return { patients: [], loading: false };
      try {
        const list = await dataProvider.getAll<PatientListItem>('pacientes');
        return { patients: list, loading: false };
      } catch (error) {
        if (active && !isTokenExpiredError(error)) {
          toastError('Error al cargar pacientes', error instanceof Error ? error.message : undefined);
        }
        return { patients: [], loading: false };
      }
    };
    load().then((next) => active && setState(next));
    return () => {
      active = false;
    };
  }, [dataProvider, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const removeLocally = useCallback((id: string) => setState((s) => ({ ...s, patients: s.patients.filter((p) => p.id !== id) })), []);
  return { ...state, reload, removeLocally };
}
