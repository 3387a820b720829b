import { Controller } from '@nestjs/common';

// SKELETON: to be written.
@Controller('paciente-modulos')
export class PatientModulesController {}
