import { Module } from '@nestjs/common';
import { PatientAccess } from './patient-access.service';
import { PatientsController } from './patients.controller';
import { PatientsQuery } from './patients.query';
import { PatientsService } from './patients.service';
import { TakenEmails } from './taken-emails.service';

@Module({
  controllers: [PatientsController],
  providers: [PatientsService, PatientsQuery, PatientAccess, TakenEmails],
  exports: [PatientAccess, TakenEmails, PatientsService],
})
export class PatientsModule {}
