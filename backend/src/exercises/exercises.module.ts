import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { ExercisesSeenService } from './assignments/exercises-seen.service';
import { AssignmentsService } from './assignments/assignments.service';
import { PatientAreaExercisesController } from './assignments/patient-area.controller';
import { PatientExercisesController } from './assignments/patient-exercises.controller';
import { PatientModulesController } from './assignments/patient-modules.controller';
import { ProgressQuery } from './assignments/progress.query';
import { ExerciseBankService } from './bank/exercise-bank.service';
import { ExercisesController } from './bank/exercises.controller';
import { ModuleExercisesController } from './bank/module-exercises.controller';
import { ModulesController } from './bank/modules.controller';
import { ModulesService } from './bank/modules.service';

/**
 * Exercises, modules and progress: the therapist's bank (`bank/`: exercises, modules and
 * their order) and what patients have of it (`assignments/`: assignments, completion, progress, the patient's
 * own calls).
 */
@Module({
  imports: [AccessModule],
  controllers: [
    ExercisesController,
    ModulesController,
    ModuleExercisesController,
    PatientAreaExercisesController,
    PatientExercisesController,
    PatientModulesController,
  ],
  providers: [ExerciseBankService, ModulesService, AssignmentsService, ExercisesSeenService, ProgressQuery],
  exports: [ProgressQuery, AssignmentsService],
})
export class ExercisesModule {}
