import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type {
  AssignedExercise,
  AssignedModuleExercise,
  ExerciseAssignee,
  ExercisesSeen,
  ExerciseProgress,
  ModulesProgress,
  PatientExerciseLink,
  UnassignAnswer,
  UnifiedExercises,
} from '@consulta/shared';
import type { User } from '../../auth/entities/user.entity';
import { CurrentUser } from '../../auth/current-user.decorator';
import { ClinicalAccess, NoClinicalAccess } from '../../common/auth/clinical-access.decorator';
import { Endpoint } from '../../common/auth/endpoint.decorator';
import { ErrorDto } from '../../common/errors/error.dto';
import { CompletionPayloadDto, PatientExercisePayloadDto } from '../dto/exercise.dto';
import { AssignmentsService } from './assignments.service';
import { ExercisesSeenService } from './exercises-seen.service';
import { IdParam } from '../../common/http/id-param';

@ApiTags('paciente-ejercicios')
@Controller('paciente-ejercicios')
@ApiNotFoundResponse({ type: ErrorDto, description: 'Paciente, ejercicio o módulo ajeno o inexistente' })
export class PatientExercisesController {
  constructor(
    private readonly assignments: AssignmentsService,
    private readonly seen: ExercisesSeenService,
  ) {}

  // ---- The patient's own ----

  @Get('mis-ejercicios')
  @ClinicalAccess('ejercicios', 'lectura')
  @Endpoint({ summary: 'Mis ejercicios (lista unificada y progreso)', roles: ['paciente'] })
  mine(@CurrentUser() user: User): Promise<UnifiedExercises> {
    return this.assignments.mine(user);
  }

  @Post('mis-ejercicios/visto')
  @NoClinicalAccess('Solo la hora en que el paciente mira sus ejercicios, para marcar lo nuevo; sin datos clínicos')
  @HttpCode(200)
  @Endpoint({
    summary: 'Miro mis ejercicios ahora',
    roles: ['paciente'],
    description: 'Guarda la hora y responde la de la vez anterior (visto_antes, null si nunca): lo asignado después es nuevo.',
  })
  lookedAt(@CurrentUser() user: User): Promise<ExercisesSeen> {
    return this.seen.look(user);
  }

  @Get('mis-ejercicios/progreso')
  @ClinicalAccess('ejercicios', 'lectura')
  @Endpoint({ summary: 'Mi progreso', roles: ['paciente'] })
  myProgress(@CurrentUser() user: User): Promise<ExerciseProgress> {
    return this.assignments.myProgress(user);
  }

  @Get('modulos/:moduleId/ejercicios')
  @ClinicalAccess('ejercicios', 'lectura')
  @Endpoint({ summary: 'Ejercicios de uno de mis módulos, en orden', roles: ['paciente'] })
  myModuleExercises(@CurrentUser() user: User, @IdParam('moduleId') moduleId: string): Promise<AssignedModuleExercise[]> {
    return this.assignments.myModuleExercises(user, moduleId);
  }

  @Post('pacientes/:id/ejercicios/:exerciseId/completar')
  @ClinicalAccess('ejercicios', 'modificacion')
  @HttpCode(200)
  @Endpoint({
    summary: 'Marcar un ejercicio como completado',
    roles: ['paciente'],
    description: 'Con el propio id. completado: false lo desmarca.',
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiConflictResponse({ type: ErrorDto, description: 'Ejercicio retirado del banco (historial)' })
  complete(
    @CurrentUser() user: User,
    @IdParam() id: string,
    @IdParam('exerciseId') exerciseId: string,
    @Body() dto: CompletionPayloadDto,
  ): Promise<AssignedExercise> {
    return this.assignments.complete(user, id, exerciseId, dto);
  }

  @Post('pacientes/:id/ejercicios/:exerciseId/desmarcar')
  @ClinicalAccess('ejercicios', 'modificacion')
  @HttpCode(200)
  @Endpoint({ summary: 'Desmarcar un ejercicio', roles: ['paciente'] })
  @ApiConflictResponse({ type: ErrorDto, description: 'Ejercicio retirado del banco (historial)' })
  uncomplete(@CurrentUser() user: User, @IdParam() id: string, @IdParam('exerciseId') exerciseId: string): Promise<AssignedExercise> {
    return this.assignments.uncomplete(user, id, exerciseId);
  }

  // ---- A patient's list (the therapist, or the patient with their own id) ----

  @Get('pacientes/:id/ejercicios/unified')
  @ClinicalAccess('ejercicios', 'lectura')
  @Endpoint({ summary: 'Ejercicios del paciente (lista unificada y progreso)', roles: ['terapeuta', 'paciente'] })
  unified(@CurrentUser() user: User, @IdParam() id: string): Promise<UnifiedExercises> {
    return this.assignments.unified(user, id);
  }

  @Get('pacientes/:id/ejercicios/progreso')
  @ClinicalAccess('ejercicios', 'lectura')
  @Endpoint({ summary: 'Progreso del paciente', roles: ['terapeuta', 'paciente'] })
  progress(@CurrentUser() user: User, @IdParam() id: string): Promise<ExerciseProgress> {
    return this.assignments.progress(user, id);
  }

  @Get('pacientes/:id/modulos/progreso')
  @ClinicalAccess('ejercicios', 'lectura')
  @Endpoint({ summary: 'Progreso del paciente con sus módulos', roles: ['terapeuta', 'paciente'] })
  modulesProgress(@CurrentUser() user: User, @IdParam() id: string): Promise<ModulesProgress> {
    return this.assignments.modulesProgress(user, id);
  }

  // ---- Assignments (therapist) ----

  @Get()
  @NoClinicalAccess('Qué ejercicio del banco tiene cada paciente de la consulta, sin su trabajo ni sus notas')
  @Endpoint({ summary: 'Asignaciones individuales de los pacientes del terapeuta', roles: ['terapeuta'] })
  links(@CurrentUser() user: User): Promise<PatientExerciseLink[]> {
    return this.assignments.exerciseLinks(user);
  }

  @Get('paciente/:id')
  @ClinicalAccess('ejercicios', 'lectura')
  @Endpoint({ summary: 'Ejercicios asignados individualmente a un paciente', roles: ['terapeuta'] })
  individual(@CurrentUser() user: User, @IdParam() id: string): Promise<AssignedExercise[]> {
    return this.assignments.individual(user, id);
  }

  @Get('ejercicio/:id')
  @NoClinicalAccess('Quién tiene un ejercicio del banco, sin su trabajo ni sus notas')
  @Endpoint({ summary: 'Pacientes que tienen un ejercicio', roles: ['terapeuta'] })
  assignees(@CurrentUser() user: User, @IdParam() id: string): Promise<ExerciseAssignee[]> {
    return this.assignments.assignees(user, id);
  }

  @Post()
  @ClinicalAccess('ejercicios', 'creacion')
  @Endpoint({ summary: 'Asignar un ejercicio a un paciente', roles: ['terapeuta'], description: 'Dos veces: 400 ALREADY_ASSIGNED.' })
  @ApiBadRequestResponse({ type: ErrorDto })
  assign(@CurrentUser() user: User, @Body() dto: PatientExercisePayloadDto): Promise<PatientExerciseLink> {
    return this.assignments.assignExercise(user, dto.paciente_id, dto.ejercicio_id);
  }

  @Delete('paciente/:patientId/ejercicio/:exerciseId')
  @ClinicalAccess('ejercicios', 'eliminacion')
  @Endpoint({
    summary: 'Desasignar un ejercicio',
    roles: ['terapeuta'],
    description: 'Si solo lo traen módulos, se desasignan esos módulos completos.',
  })
  unassign(
    @CurrentUser() user: User,
    @IdParam('patientId') patientId: string,
    @IdParam('exerciseId') exerciseId: string,
  ): Promise<UnassignAnswer> {
    return this.assignments.unassignExercise(user, patientId, exerciseId);
  }
}
