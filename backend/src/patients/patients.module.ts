import { Module } from '@nestjs/common';
import { PatientsController } from './patients.controller';
import { PatientsQuery } from './patients.query';
import { PatientsService } from './patients.service';

@Module({
  controllers: [PatientsController],
  providers: [PatientsService, PatientsQuery],
})
export class PatientsModule {}
