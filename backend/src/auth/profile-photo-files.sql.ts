import type { FileReference } from '../storage/file-reference';

/** Anyone's profile photo (`users.foto_perfil`: a stored file's key or an https: URL). A patient's: patients/. */
export const PROFILE_PHOTO_FILES: FileReference = {
  refersTo: (key) => `exists (select 1 from users u where u.foto_perfil = ${key})`,
};
