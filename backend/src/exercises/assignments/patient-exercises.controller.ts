import { Controller } from '@nestjs/common';

// SKELETON: to be written.
@Controller('paciente-ejercicios')
export class PatientExercisesController {}
