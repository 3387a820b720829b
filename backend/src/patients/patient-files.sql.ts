import type { FileReference } from '../storage/file-reference';

/** The patient and their account, whose `foto_perfil` is the photo. */
const PHOTO = `from patients p join users u on u.id = p.user_id`;

/**
 * The patient's profile photo: they may read it, it is deleted with them (an https: URL there is filtered out by the
 * release) and goes into every export of theirs. That it is in use is said of every user's photo (PROFILE_PHOTO_FILES).
 */
export const PATIENT_PHOTO_FILES: FileReference = {
  readableBy: (patient, key) => `exists (select 1 ${PHOTO} where p.id = ${patient} and u.foto_perfil = ${key})`,
  keysOf: (patient) => `select u.foto_perfil as key ${PHOTO} where p.id = ${patient} and u.foto_perfil is not null`,
  patientsOf: (key) => `select p.id::text as id ${PHOTO} where u.foto_perfil = ${key}`,
  exported: {
    select: (patient) => `select u.foto_perfil as key, 'perfil' as origen, p.id::text as referencia, 'foto-perfil' as etiqueta,
        p.fecha_creacion as orden
      ${PHOTO} where p.id = ${patient} and u.foto_perfil is not null`,
  },
};
