import { Module } from '@nestjs/common';
import { ConsentsModule } from '../consents/consents.module';
import { PatientsModule } from '../patients/patients.module';
import { SessionsModule } from '../sessions/sessions.module';
import { DraftsController } from './drafts.controller';
import { DraftsQuery } from './drafts.query';
import { DraftsService } from './drafts.service';

@Module({
  imports: [PatientsModule, ConsentsModule, SessionsModule],
  controllers: [DraftsController],
  providers: [DraftsService, DraftsQuery],
  exports: [DraftsQuery, DraftsService],
})
export class DraftsModule {}
