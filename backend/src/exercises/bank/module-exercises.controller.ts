import { Controller } from '@nestjs/common';

// SKELETON: to be written.
@Controller('modulo-ejercicios')
export class ModuleExercisesController {}
