/**
 * Every place that refers to a stored file by its key, as one SQL condition on the key expression `key`
 * (e.g. `f.key`, `x.key`). A file is in use while this holds; once it doesn't, the file may be deleted.
 * A new kind of reference adds its `exists (...)` here. (No jsonb `?` operator: `?` is a query parameter.)
 */
export const referencedSql = (key: string): string =>
  `(exists (select 1 from sessions s where s.video_url = ${key})
    or exists (select 1 from session_drafts d where d.archivo_video_info ->> 'file_key' = ${key})
    or exists (select 1 from exercises e where e.archivos @> array[${key}]::text[])
    or exists (select 1 from users u where u.foto_perfil = ${key})
    or exists (select 1 from patient_exports px where px.archivo_key = ${key}))`;

/**
 * Whether patient `patient` may read the file `key`: their own sessions' videos, their own profile photo, and the
 * files of the exercises on their list (assigned individually or through an assigned module).
 */
export const readableByPatientSql = (patient: string, key: string): string =>
  `(exists (select 1 from sessions s where s.patient_id = ${patient} and s.video_url = ${key})
    or exists (select 1 from patients p join users u on u.id = p.user_id where p.id = ${patient} and u.foto_perfil = ${key})
    or exists (select 1 from exercises e where e.archivos @> array[${key}]::text[] and (
      exists (select 1 from patient_exercises pe where pe.patient_id = ${patient} and pe.exercise_id = e.id)
      or exists (select 1 from patient_modules pm join module_exercises me on me.module_id = pm.module_id
                 where pm.patient_id = ${patient} and me.exercise_id = e.id))))`;

/**
 * The files that belong to a patient (deleted with the patient; exercise files are the therapist's): their
 * sessions' and drafts' videos, their profile photo (an https: URL there is filtered out by the release) and the
 * archives of their exports.
 */
export const keysOfPatientSql = `select s.video_url as key from sessions s where s.patient_id = ? and s.video_url is not null
  union select d.archivo_video_info ->> 'file_key' from session_drafts d where d.patient_id = ? and d.archivo_video_info ->> 'file_key' is not null
  union select u.foto_perfil from patients p join users u on u.id = p.user_id where p.id = ? and u.foto_perfil is not null
  union select x.archivo_key from patient_exports x where x.patient_id = ? and x.archivo_key is not null`;

/**
 * The stored files of patient `?` that an export copies (key, where it belongs, the record it belongs to and that
 * record's label): their sessions' videos, their profile photo and the files of the exercises on their list; with
 * drafts (the therapist's export) their drafts' videos too. Oldest first.
 */
export const exportFilesSql = (withDrafts: boolean): string => `
  with me as (select ?::uuid as id)
  select f.key, x.origen, x.referencia, x.etiqueta, f.file_name as nombre, f.content_type as tipo from (
    select s.video_url as key, 'sesion' as origen, s.id::text as referencia,
        to_char(s.fecha, 'YYYY-MM-DD') || '-sesion-' || s.numero_sesion as etiqueta, s.fecha as orden
      from sessions s, me where s.patient_id = me.id and s.video_url is not null
    ${
      withDrafts
        ? `union all select d.archivo_video_info ->> 'file_key', 'borrador', d.id::text, 'borrador-' || to_char(coalesce(d.fecha, d.updated_at), 'YYYY-MM-DD'), coalesce(d.fecha, d.updated_at)
      from session_drafts d, me where d.patient_id = me.id and d.archivo_video_info ->> 'file_key' is not null`
        : ''
    }
    union all select u.foto_perfil, 'perfil', p.id::text, 'foto-perfil', p.fecha_creacion
      from patients p join users u on u.id = p.user_id, me where p.id = me.id and u.foto_perfil is not null
    union all select a.key, 'ejercicio', e.id::text, e.titulo, e.fecha_creacion
      from exercises e cross join lateral unnest(e.archivos) as a(key), me
      where exists (select 1 from patient_exercises pe where pe.patient_id = me.id and pe.exercise_id = e.id)
         or exists (select 1 from patient_modules pm join module_exercises mx on mx.module_id = pm.module_id
                    where pm.patient_id = me.id and mx.exercise_id = e.id)
  ) x join stored_files f on f.key = x.key and f.upload_id is null
  order by x.orden, f.key`;
/**
 * The patients a file belongs to (the access history's answer to "whose file did the therapist read?"): those whose
 * session or draft video, or profile photo, it is. An exercise file is the therapist's bank's, nobody's record.
 */
export const patientsOfKeySql = `select s.patient_id::text as id from sessions s where s.video_url = ?
  union select d.patient_id::text from session_drafts d where d.archivo_video_info ->> 'file_key' = ?
  union select p.id::text from patients p join users u on u.id = p.user_id where u.foto_perfil = ?`;
