import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { PasswordsModule } from '../auth/passwords';
import { PatientsController } from './patients.controller';
import { PatientsQuery } from './patients.query';
import { PatientsService } from './patients.service';
import { TakenEmails } from './taken-emails.service';

@Module({
  imports: [AccessModule, PasswordsModule],
  controllers: [PatientsController],
  providers: [PatientsService, PatientsQuery, TakenEmails],
  exports: [TakenEmails, PatientsService],
})
export class PatientsModule {}
