import { Controller } from '@nestjs/common';

// SKELETON: to be written.
@Controller('ejercicios')
export class ExercisesController {}
