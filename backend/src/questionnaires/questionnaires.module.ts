import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { PatientQuestionnairesController } from './patient-questionnaires.controller';
import { PatientQuestionnairesService } from './patient-questionnaires.service';
import { QuestionnaireDueMails } from './questionnaire-due-mails.service';
import { QuestionnairesController } from './questionnaires.controller';
import { QuestionnairesService } from './questionnaires.service';

@Module({
  imports: [AccessModule],
  controllers: [QuestionnairesController, PatientQuestionnairesController],
  providers: [QuestionnairesService, PatientQuestionnairesService, QuestionnaireDueMails],
  exports: [QuestionnairesService, PatientQuestionnairesService],
})
export class QuestionnairesModule {}
