import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000Initial } from './Migration20261122000000Initial';
import { Migration20261122010000PatientNameKeys } from './Migration20261122010000PatientNameKeys';
import { Migration20261123010000InvitationsAndPasswordResets } from './Migration20261123010000InvitationsAndPasswordResets';
import { Migration20261123020000SessionTypesAndTherapistProfiles } from './Migration20261123020000SessionTypesAndTherapistProfiles';
import { Migration20261123030000SessionsAndDrafts } from './Migration20261123030000SessionsAndDrafts';
import { Migration20261123040000PatientSessionTotals } from './Migration20261123040000PatientSessionTotals';
import { Migration20261123050000StoredFiles } from './Migration20261123050000StoredFiles';
import { Migration20261123060000SessionAnalyses } from './Migration20261123060000SessionAnalyses';
import { Migration20261123070000Exercises } from './Migration20261123070000Exercises';
import { Migration20261124000000PatientAreaProfile } from './Migration20261124000000PatientAreaProfile';
import { Migration20261125000000AccessHistory } from './Migration20261125000000AccessHistory';
import { Migration20261125000000Consents } from './Migration20261125000000Consents';
import { Migration20261126000000PatientExports } from './Migration20261126000000PatientExports';
import { Migration20261127000000StoredFileSeals } from './Migration20261127000000StoredFileSeals';
import { Migration20261128000000InvitationConsentsAsked } from './Migration20261128000000InvitationConsentsAsked';
import { Migration20261128120000DraftJobClaims } from './Migration20261128120000DraftJobClaims';
import { Migration20261128170000PatientGenderAndOwnNotes } from './Migration20261128170000PatientGenderAndOwnNotes';
import { Migration20261128200000SessionTranscriptTurns } from './Migration20261128200000SessionTranscriptTurns';
import { Migration20261128220000SessionSearch } from './Migration20261128220000SessionSearch';
import { Migration20261129000000Agenda } from './Migration20261129000000Agenda';
import { Migration20261129120000Questionnaires } from './Migration20261129120000Questionnaires';

/** Applied in this order at start (app and CLI). Add each new migration here. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122000000Initial', class: Migration20261122000000Initial },
  { name: 'Migration20261122010000PatientNameKeys', class: Migration20261122010000PatientNameKeys },
  { name: 'Migration20261123010000InvitationsAndPasswordResets', class: Migration20261123010000InvitationsAndPasswordResets },
  { name: 'Migration20261123020000SessionTypesAndTherapistProfiles', class: Migration20261123020000SessionTypesAndTherapistProfiles },
  { name: 'Migration20261123030000SessionsAndDrafts', class: Migration20261123030000SessionsAndDrafts },
  { name: 'Migration20261123040000PatientSessionTotals', class: Migration20261123040000PatientSessionTotals },
  { name: 'Migration20261123050000StoredFiles', class: Migration20261123050000StoredFiles },
  { name: 'Migration20261123060000SessionAnalyses', class: Migration20261123060000SessionAnalyses },
  { name: 'Migration20261123070000Exercises', class: Migration20261123070000Exercises },
  { name: 'Migration20261124000000PatientAreaProfile', class: Migration20261124000000PatientAreaProfile },
  { name: 'Migration20261125000000AccessHistory', class: Migration20261125000000AccessHistory },
  { name: 'Migration20261125000000Consents', class: Migration20261125000000Consents },
  { name: 'Migration20261126000000PatientExports', class: Migration20261126000000PatientExports },
  { name: 'Migration20261127000000StoredFileSeals', class: Migration20261127000000StoredFileSeals },
  { name: 'Migration20261128000000InvitationConsentsAsked', class: Migration20261128000000InvitationConsentsAsked },
  { name: 'Migration20261128120000DraftJobClaims', class: Migration20261128120000DraftJobClaims },
  { name: 'Migration20261128170000PatientGenderAndOwnNotes', class: Migration20261128170000PatientGenderAndOwnNotes },
  { name: 'Migration20261128200000SessionTranscriptTurns', class: Migration20261128200000SessionTranscriptTurns },
  { name: 'Migration20261128220000SessionSearch', class: Migration20261128220000SessionSearch },
  { name: 'Migration20261129000000Agenda', class: Migration20261129000000Agenda },
  { name: 'Migration20261129120000Questionnaires', class: Migration20261129120000Questionnaires },
];
