import type { FileReference } from '../storage/file-reference';

/** A session's video (`video_url`): its patient may read it, and it goes into every export of theirs. */
export const SESSION_FILES: FileReference = {
  refersTo: (key) => `exists (select 1 from sessions s where s.video_url = ${key})`,
  readableBy: (patient, key) => `exists (select 1 from sessions s where s.patient_id = ${patient} and s.video_url = ${key})`,
  keysOf: (patient) => `select s.video_url as key from sessions s where s.patient_id = ${patient} and s.video_url is not null`,
  patientsOf: (key) => `select s.patient_id::text as id from sessions s where s.video_url = ${key}`,
  exported: {
    select: (patient) => `select s.video_url as key, 'sesion' as origen, s.id::text as referencia,
        to_char(s.fecha, 'YYYY-MM-DD') || '-sesion-' || s.numero_sesion as etiqueta, s.fecha as orden
      from sessions s where s.patient_id = ${patient} and s.video_url is not null`,
  },
};
