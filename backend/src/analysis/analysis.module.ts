import { Module } from '@nestjs/common';
import { DraftsModule } from '../drafts/drafts.module';
import { ConsentsModule } from '../consents/consents.module';
import { AccessModule } from '../access/access.module';
import { SessionsModule } from '../sessions/sessions.module';
import { AnalysisController } from './analysis.controller';
import { AnalysisService } from './analysis.service';
import { ExerciseSuggestionsController } from './exercise-suggestions/exercise-suggestions.controller';
import { ExerciseSuggestionsService } from './exercise-suggestions/exercise-suggestions.service';

@Module({
  imports: [AccessModule, ConsentsModule, DraftsModule, SessionsModule],
  controllers: [AnalysisController, ExerciseSuggestionsController],
  providers: [AnalysisService, ExerciseSuggestionsService],
})
export class AnalysisModule {}
