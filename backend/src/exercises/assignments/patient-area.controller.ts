import { Controller } from '@nestjs/common';

// SKELETON: to be written.
@Controller('')
export class PatientAreaExercisesController {}
