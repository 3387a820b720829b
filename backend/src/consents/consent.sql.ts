import type { ConsentKind } from '@consulta/shared';

/** SQL: true when the patient `patientExpr` (a column or a placeholder) has the consent `kind` in force. */
export const consentInForceSql = (patientExpr: string, kind: ConsentKind): string =>
  `exists (select 1 from consents c where c.patient_id = ${patientExpr} and c.tipo = '${kind}' and c.revocado_en is null)`;
