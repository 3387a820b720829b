import { PROFILE_PHOTO_FILES } from '../auth/profile-photo-files.sql';
import { DRAFT_FILES } from '../drafts/draft-files.sql';
import { EXERCISE_FILES } from '../exercises/exercise-files.sql';
import { EXPORT_ARCHIVE_FILES } from '../exports/export-archive-files.sql';
import { PATIENT_PHOTO_FILES } from '../patients/patient-files.sql';
import { SESSION_FILES } from '../sessions/session-files.sql';
import type { FileReference } from '../storage/file-reference';
import { FileUses } from '../storage/file-uses';

/**
 * Every kind of record that refers to a stored file by its key, each written by the module that owns its table (a
 * new kind is added here). Listed in one place above the domains, imported from the owners' SQL files, which import
 * nothing but the FileReference type: storage gets the list at composition (StorageModule.forRoot in app.module.ts)
 * and knows no domain; nothing depends on which modules happen to be loaded.
 */
export const FILE_REFERENCES: readonly FileReference[] = [
  SESSION_FILES,
  DRAFT_FILES,
  EXERCISE_FILES,
  PROFILE_PHOTO_FILES,
  PATIENT_PHOTO_FILES,
  EXPORT_ARCHIVE_FILES,
];

/** The SQL over them, for what runs outside Nest (the operator CLI, the backup). */
export const FILE_USES = new FileUses(FILE_REFERENCES);
