import { Module } from '@nestjs/common';
import { ConsentsModule } from '../consents/consents.module';
import { AccessModule } from '../access/access.module';
import { SessionTypeChoice } from './session-type-choice';
import { SessionsController } from './sessions.controller';
import { SessionsQuery } from './sessions.query';
import { SessionsService } from './sessions.service';

@Module({
  imports: [AccessModule, ConsentsModule],
  controllers: [SessionsController],
  providers: [SessionsService, SessionsQuery, SessionTypeChoice],
  exports: [SessionTypeChoice, SessionsQuery, SessionsService],
})
export class SessionsModule {}
