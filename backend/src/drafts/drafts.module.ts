import { Module } from '@nestjs/common';
import { ConsentsModule } from '../consents/consents.module';
import { AccessModule } from '../access/access.module';
import { SessionsModule } from '../sessions/sessions.module';
import { DraftsController } from './drafts.controller';
import { DraftsQuery } from './drafts.query';
import { DraftsService } from './drafts.service';

@Module({
  imports: [AccessModule, ConsentsModule, SessionsModule],
  controllers: [DraftsController],
  providers: [DraftsService, DraftsQuery],
  exports: [DraftsQuery, DraftsService],
})
export class DraftsModule {}
