import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { PatientAreaController, PatientSessionsController } from './patient-area.controller';
import { PatientAreaQuery } from './patient-area.query';
import { PatientAreaService } from './patient-area.service';

/**
 * The patient's own area: dashboard, past sessions, profile. Its routes share their prefixes
 * with parameter routes of the therapist's controllers (`GET /pacientes/{id}`, `PATCH /pacientes/{id}`,
 * `GET /sesiones/paciente/{id}`), so AppModule imports this module before those: routes match in the order
 * they are registered.
 */
@Module({
  imports: [AccessModule],
  controllers: [PatientAreaController, PatientSessionsController],
  providers: [PatientAreaService, PatientAreaQuery],
  exports: [PatientAreaService],
})
export class PatientAreaModule {}
