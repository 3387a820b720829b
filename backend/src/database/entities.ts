import { Appointment } from '../agenda/entities/appointment.entity';
import { CalendarFeed } from '../agenda/entities/calendar-feed.entity';
import { AccessEntry } from '../access-history/entities/access-entry.entity';
import { PasswordReset } from '../auth/entities/password-reset.entity';
import { User } from '../auth/entities/user.entity';
import { Consent } from '../consents/entities/consent.entity';
import { DraftJobRun } from '../drafts/entities/draft-job-run.entity';
import { SessionDraft } from '../drafts/entities/session-draft.entity';
import { PatientExport } from '../exports/entities/patient-export.entity';
import { Exercise } from '../exercises/entities/exercise.entity';
import { ExerciseCompletion, ModuleExercise, PatientExercise, PatientModule } from '../exercises/entities/links.entity';
import { TherapyModule } from '../exercises/entities/therapy-module.entity';
import { Invitation } from '../invitations/entities/invitation.entity';
import { Patient } from '../patients/entities/patient.entity';
import { QuestionnaireAssignment } from '../questionnaires/entities/questionnaire-assignment.entity';
import { QuestionnaireResult } from '../questionnaires/entities/questionnaire-result.entity';
import { SessionSearchPassage } from '../search/entities/session-search-passage.entity';
import { SessionSearchState } from '../search/entities/session-search-state.entity';
import { SessionType } from '../session-types/entities/session-type.entity';
import { Session } from '../sessions/entities/session.entity';
import { StoredFile } from '../storage/entities/stored-file.entity';
import { TherapistProfile } from '../therapists/entities/therapist-profile.entity';

/** Every entity of the app (listed explicitly: no folder scanning, same list for the app, the CLI and tests). */
export const ENTITIES = [
  User,
  Patient,
  Invitation,
  PasswordReset,
  SessionType,
  TherapistProfile,
  Session,
  SessionDraft,
  DraftJobRun,
  StoredFile,
  Exercise,
  TherapyModule,
  ModuleExercise,
  PatientExercise,
  PatientModule,
  ExerciseCompletion,
  AccessEntry,
  Consent,
  PatientExport,
  SessionSearchPassage,
  SessionSearchState,
  Appointment,
  CalendarFeed,
  QuestionnaireAssignment,
  QuestionnaireResult,
];
