import { Body, Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { AssignedModule, PatientModuleLink } from '@consulta/shared';
import type { User } from '../../auth/entities/user.entity';
import { CurrentUser } from '../../auth/current-user.decorator';
import { ClinicalAccess, NoClinicalAccess } from '../../common/auth/clinical-access.decorator';
import { Endpoint } from '../../common/auth/endpoint.decorator';
import { ErrorDto } from '../../common/errors/error.dto';
import { PatientModulePayloadDto } from '../dto/exercise.dto';
import { AssignmentsService } from './assignments.service';
import { IdParam } from '../../common/http/id-param';

@ApiTags('paciente-modulos')
@Controller('paciente-modulos')
@ApiNotFoundResponse({ type: ErrorDto, description: 'Paciente o módulo ajeno o inexistente' })
export class PatientModulesController {
  constructor(private readonly assignments: AssignmentsService) {}

  @Get()
  @NoClinicalAccess('Qué módulo tiene cada paciente de la consulta, sin su trabajo ni sus notas')
  @Endpoint({ summary: 'Módulos asignados a los pacientes del terapeuta', roles: ['terapeuta'] })
  links(@CurrentUser() user: User): Promise<PatientModuleLink[]> {
    return this.assignments.moduleLinks(user);
  }

  @Get('paciente/:id')
  @ClinicalAccess('ejercicios', 'lectura')
  @Endpoint({ summary: 'Módulos asignados a un paciente', roles: ['terapeuta'] })
  ofPatient(@CurrentUser() user: User, @IdParam() id: string): Promise<AssignedModule[]> {
    return this.assignments.patientModules(user, id);
  }

  @Post()
  @ClinicalAccess('ejercicios', 'creacion')
  @Endpoint({ summary: 'Asignar un módulo a un paciente', roles: ['terapeuta'], description: 'Dos veces: 400 ALREADY_ASSIGNED.' })
  @ApiBadRequestResponse({ type: ErrorDto })
  assign(@CurrentUser() user: User, @Body() dto: PatientModulePayloadDto): Promise<PatientModuleLink> {
    return this.assignments.assignModule(user, dto.paciente_id, dto.modulo_id);
  }

  @Delete('paciente/:patientId/modulo/:moduleId')
  @ClinicalAccess('ejercicios', 'eliminacion')
  @Endpoint({ summary: 'Desasignar un módulo', roles: ['terapeuta'] })
  unassign(
    @CurrentUser() user: User,
    @IdParam('patientId') patientId: string,
    @IdParam('moduleId') moduleId: string,
  ): Promise<PatientModuleLink> {
    return this.assignments.unassignModule(user, patientId, moduleId);
  }

  /** The spec's second form, used while editing a module. */
  @Delete(':patientId/:moduleId')
  @ClinicalAccess('ejercicios', 'eliminacion')
  @Endpoint({ summary: 'Desasignar un módulo (forma corta)', roles: ['terapeuta'] })
  unassignShort(
    @CurrentUser() user: User,
    @IdParam('patientId') patientId: string,
    @IdParam('moduleId') moduleId: string,
  ): Promise<PatientModuleLink> {
    return this.assignments.unassignModule(user, patientId, moduleId);
  }
}
