import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { Module, ModuleDetail } from '@consulta/shared';
import type { User } from '../../auth/entities/user.entity';
import { CurrentUser } from '../../auth/current-user.decorator';
import { Endpoint } from '../../common/auth/endpoint.decorator';
import { ErrorDto } from '../../common/errors/error.dto';
import { ModulePayloadDto } from '../dto/exercise.dto';
import { ModulesService } from './modules.service';
import { IdParam } from '../../common/http/id-param';

@ApiTags('modulos')
@Controller('modulos')
export class ModulesController {
  constructor(private readonly modules: ModulesService) {}

  @Get()
  @Endpoint({ summary: 'Módulos del terapeuta', roles: ['terapeuta'] })
  list(@CurrentUser() user: User): Promise<Module[]> {
    return this.modules.list(user);
  }

  @Get(':id')
  @Endpoint({ summary: 'Un módulo con sus ejercicios en orden', roles: ['terapeuta'] })
  @ApiNotFoundResponse({ type: ErrorDto })
  get(@CurrentUser() user: User, @IdParam() id: string): Promise<ModuleDetail> {
    return this.modules.get(user, id);
  }

  @Post()
  @Endpoint({ summary: 'Crear módulo', roles: ['terapeuta'] })
  @ApiBadRequestResponse({ type: ErrorDto })
  create(@CurrentUser() user: User, @Body() dto: ModulePayloadDto): Promise<Module> {
    return this.modules.create(user, dto);
  }

  @Put(':id')
  @Endpoint({ summary: 'Actualizar módulo', roles: ['terapeuta'] })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  update(@CurrentUser() user: User, @IdParam() id: string, @Body() dto: ModulePayloadDto): Promise<Module> {
    return this.modules.update(user, id, dto);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Eliminar módulo',
    roles: ['terapeuta'],
    description: 'Sus pacientes conservan, como individuales, los ejercicios del módulo que ya completaron.',
  })
  @ApiNotFoundResponse({ type: ErrorDto })
  remove(@CurrentUser() user: User, @IdParam() id: string): Promise<Module> {
    return this.modules.remove(user, id);
  }
}
