import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { ModuleExercise, ModuleExerciseLink } from '@consulta/shared';
import type { User } from '../../auth/entities/user.entity';
import { CurrentUser } from '../../auth/current-user.decorator';
import { Endpoint } from '../../common/auth/endpoint.decorator';
import { ErrorDto } from '../../common/errors/error.dto';
import { ModuleExercisePayloadDto, ModuleOrderPayloadDto } from '../dto/exercise.dto';
import { ModulesService } from './modules.service';
import { IdParam } from '../../common/http/id-param';

@ApiTags('modulo-ejercicios')
@Controller('modulo-ejercicios')
export class ModuleExercisesController {
  constructor(private readonly modules: ModulesService) {}

  @Get()
  @Endpoint({ summary: 'Ejercicios de todos los módulos del terapeuta', roles: ['terapeuta'] })
  list(@CurrentUser() user: User): Promise<ModuleExerciseLink[]> {
    return this.modules.links(user);
  }

  @Get('modulo/:id')
  @Endpoint({ summary: 'Ejercicios de un módulo, en orden', roles: ['terapeuta'] })
  @ApiNotFoundResponse({ type: ErrorDto })
  ofModule(@CurrentUser() user: User, @IdParam() id: string): Promise<ModuleExercise[]> {
    return this.modules.exercises(user, id);
  }

  @Post()
  @Endpoint({ summary: 'Añadir un ejercicio a un módulo', roles: ['terapeuta'], description: 'Dos veces: 400 ALREADY_ASSIGNED.' })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  add(@CurrentUser() user: User, @Body() dto: ModuleExercisePayloadDto): Promise<ModuleExerciseLink> {
    return this.modules.addExercise(user, dto);
  }

  @Put('modulo/:id/orden')
  @Endpoint({
    summary: 'Ordenar los ejercicios de un módulo',
    roles: ['terapeuta'],
    description: 'ejercicio_ids: todos, en el nuevo orden.',
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  reorder(@CurrentUser() user: User, @IdParam() id: string, @Body() dto: ModuleOrderPayloadDto): Promise<ModuleExercise[]> {
    return this.modules.reorder(user, id, dto.ejercicio_ids);
  }

  @Delete('modulo/:moduleId/ejercicio/:exerciseId')
  @Endpoint({ summary: 'Quitar un ejercicio de un módulo', roles: ['terapeuta'] })
  @ApiNotFoundResponse({ type: ErrorDto })
  remove(
    @CurrentUser() user: User,
    @IdParam('moduleId') moduleId: string,
    @IdParam('exerciseId') exerciseId: string,
  ): Promise<ModuleExerciseLink> {
    return this.modules.removeExercise(user, moduleId, exerciseId);
  }
}
