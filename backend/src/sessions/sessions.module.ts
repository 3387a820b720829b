import { Module } from '@nestjs/common';
import { PatientsModule } from '../patients/patients.module';
import { SessionTypeChoice } from './session-type-choice';
import { SessionsController } from './sessions.controller';
import { SessionsQuery } from './sessions.query';
import { SessionsService } from './sessions.service';

@Module({
  imports: [PatientsModule],
  controllers: [SessionsController],
  providers: [SessionsService, SessionsQuery, SessionTypeChoice],
  exports: [SessionTypeChoice, SessionsQuery],
})
export class SessionsModule {}
