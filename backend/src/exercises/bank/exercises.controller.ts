import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { DeletedExercise, Exercise, ExerciseCreated } from '@consulta/shared';
import type { User } from '../../auth/entities/user.entity';
import { CurrentUser } from '../../auth/current-user.decorator';
import { Endpoint } from '../../common/auth/endpoint.decorator';
import { ErrorDto } from '../../common/errors/error.dto';
import { ExercisePayloadDto } from '../dto/exercise.dto';
import { ExerciseBankService } from './exercise-bank.service';
import { IdParam } from '../../common/http/id-param';

@ApiTags('ejercicios')
@Controller('ejercicios')
export class ExercisesController {
  constructor(private readonly bank: ExerciseBankService) {}

  @Get()
  @Endpoint({ summary: 'Banco de ejercicios del terapeuta', roles: ['terapeuta'] })
  list(@CurrentUser() user: User): Promise<Exercise[]> {
    return this.bank.list(user);
  }

  @Get(':id')
  @Endpoint({ summary: 'Un ejercicio del banco', roles: ['terapeuta'] })
  @ApiNotFoundResponse({ type: ErrorDto })
  get(@CurrentUser() user: User, @IdParam() id: string): Promise<Exercise> {
    return this.bank.get(user, id);
  }

  @Post()
  @Endpoint({ summary: 'Crear ejercicio (y asignarlo a pacientes con paciente_ids)', roles: ['terapeuta'] })
  @ApiBadRequestResponse({ type: ErrorDto })
  create(@CurrentUser() user: User, @Body() dto: ExercisePayloadDto): Promise<ExerciseCreated> {
    return this.bank.create(user, dto);
  }

  @Put(':id')
  @Endpoint({ summary: 'Actualizar ejercicio', roles: ['terapeuta'], description: 'Si se envían los archivos, reemplazan la lista.' })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  update(@CurrentUser() user: User, @IdParam() id: string, @Body() dto: ExercisePayloadDto): Promise<Exercise> {
    return this.bank.update(user, id, dto);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Eliminar ejercicio',
    roles: ['terapeuta'],
    description: 'Si algún paciente lo completó se retira (retirado: true) y queda en su historial; si no, se borra con sus archivos.',
  })
  @ApiNotFoundResponse({ type: ErrorDto })
  remove(@CurrentUser() user: User, @IdParam() id: string): Promise<DeletedExercise> {
    return this.bank.remove(user, id);
  }
}
