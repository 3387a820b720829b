import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AssignedModule } from '@consulta/shared';
import type { User } from '../../auth/entities/user.entity';
import { CurrentUser } from '../../auth/current-user.decorator';
import { ClinicalAccess } from '../../common/auth/clinical-access.decorator';
import { Endpoint } from '../../common/auth/endpoint.decorator';
import { AssignmentsService } from './assignments.service';

/** The patient's modules live under /modulos/, beside the therapist's bank. */
@ApiTags('modulos')
@Controller('modulos/paciente')
export class PatientAreaExercisesController {
  constructor(private readonly assignments: AssignmentsService) {}

  @Get('mis-modulos')
  @ClinicalAccess('ejercicios', 'lectura')
  @Endpoint({ summary: 'Mis módulos', roles: ['paciente'] })
  mine(@CurrentUser() user: User): Promise<AssignedModule[]> {
    return this.assignments.myModules(user);
  }
}
