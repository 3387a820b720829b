/**
 * Every place that refers to a stored file by its key, as one SQL condition on the key expression `key`
 * (e.g. `f.key`, `?`). A file is in use while this holds; once it doesn't, the file may be deleted.
 * A new kind of reference (exercise files, ...) adds its `exists (...)` here. (No jsonb `?` operator: `?` is a
 * query parameter.)
 */
export const referencedSql = (key: string): string =>
  `(exists (select 1 from sessions s where s.video_url = ${key})
    or exists (select 1 from session_drafts d where d.archivo_video_info ->> 'file_key' = ${key}))`;

/** The files a patient may read: their own sessions' videos (exercise files join with exercises). */
export const readableByPatientSql = `exists (select 1 from sessions s where s.patient_id = ? and s.video_url = ?)`;

/** The files that belong to a patient's records (deleted with the patient). */
export const keysOfPatientSql = `select s.video_url as key from sessions s where s.patient_id = ? and s.video_url is not null
  union select d.archivo_video_info ->> 'file_key' from session_drafts d where d.patient_id = ? and d.archivo_video_info ->> 'file_key' is not null`;
