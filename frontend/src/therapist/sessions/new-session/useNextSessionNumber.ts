import { useDataProvider } from 'ra-core';
import { useEffect, useState } from 'react';
import type { ConsultaDataProvider } from '../../../app/providers/dataProvider';

/**
 * The number the patient's next session gets (highest + 1), read again when `version` changes (after a
 * session is saved). Null while unknown; a failure leaves it unknown (the server assigns the number anyway).
 */
export function useNextSessionNumber(patientId: string | null, version: number): number | null {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const [loaded, setLoaded] = useState<{ patientId: string; value: number } | null>(null);
  useEffect(() => {
    if (!patientId) return;
    let current = true;
    dataProvider.getPatientDetail(patientId).then(
      (detail) => current && setLoaded({ patientId, value: detail.siguiente_numero_sesion }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [dataProvider, patientId, version]);
  return loaded?.patientId === patientId ? loaded.value : null;
}
