import { Module } from '@nestjs/common';
import { DraftsModule } from '../drafts/drafts.module';
import { ConsentsModule } from '../consents/consents.module';
import { AccessModule } from '../access/access.module';
import { SessionsModule } from '../sessions/sessions.module';
import { AnalysisController } from './analysis.controller';
import { AnalysisService } from './analysis.service';

@Module({
  imports: [AccessModule, ConsentsModule, DraftsModule, SessionsModule],
  controllers: [AnalysisController],
  providers: [AnalysisService],
})
export class AnalysisModule {}
