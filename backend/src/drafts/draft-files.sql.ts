import type { FileReference } from '../storage/file-reference';

const KEY = `d.archivo_video_info ->> 'file_key'`;

/** A draft's video (`archivo_video_info.file_key`): the therapist's only, and in the therapist's export only. */
export const DRAFT_FILES: FileReference = {
  refersTo: (key) => `exists (select 1 from session_drafts d where ${KEY} = ${key})`,
  keysOf: (patient) => `select ${KEY} as key from session_drafts d where d.patient_id = ${patient} and ${KEY} is not null`,
  patientsOf: (key) => `select d.patient_id::text as id from session_drafts d where ${KEY} = ${key}`,
  exported: {
    select: (patient) => `select ${KEY} as key, 'borrador' as origen, d.id::text as referencia,
        'borrador-' || to_char(coalesce(d.fecha, d.updated_at), 'YYYY-MM-DD') as etiqueta, coalesce(d.fecha, d.updated_at) as orden
      from session_drafts d where d.patient_id = ${patient} and ${KEY} is not null`,
    therapistOnly: true,
  },
};
