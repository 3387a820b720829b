import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { AgendaModule } from '../agenda/agenda.module';
import { ConsentsModule } from '../consents/consents.module';
import { DraftsModule } from '../drafts/drafts.module';
import { ExercisesModule } from '../exercises/exercises.module';
import { PatientAreaModule } from '../patient-area/patient-area.module';
import { PatientsModule } from '../patients/patients.module';
import { QuestionnairesModule } from '../questionnaires/questionnaires.module';
import { SessionsModule } from '../sessions/sessions.module';
import { ExportContents } from './export-contents';
import { ExportDownloadsController, OwnExportsController, PatientExportsController } from './exports.controller';
import { ExportsService } from './exports.service';

/** A patient's data exports (issue 17): read through the domains' own services, written by a job. */
@Module({
  imports: [
    AccessModule,
    AgendaModule,
    PatientsModule,
    SessionsModule,
    DraftsModule,
    ExercisesModule,
    ConsentsModule,
    PatientAreaModule,
    QuestionnairesModule,
  ],
  controllers: [OwnExportsController, PatientExportsController, ExportDownloadsController],
  providers: [ExportsService, ExportContents],
})
export class ExportsModule {}
