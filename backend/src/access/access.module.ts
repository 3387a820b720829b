import { Module } from '@nestjs/common';
import { PatientAccess } from './patient-access.service';

/** The access check every patient-scoped domain starts with (PatientAccess). */
@Module({ providers: [PatientAccess], exports: [PatientAccess] })
export class AccessModule {}
