import { Body, Controller, Delete, Get, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { ClinicalAccess, NoClinicalAccess } from '../common/auth/clinical-access.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto } from '../common/errors/error.dto';
import { ListQueryDto } from '../common/http/list-query.dto';
import { contentRange } from '../common/http/ra-list';
import { CreatePatientDto, CreatePatientResponseDto } from './dto/create-patient.dto';
import { PatientDetailDto, PatientItemDto } from './dto/patient-item.dto';
import { UpdatePatientDto } from './dto/update-patient.dto';
import { PatientsService } from './patients.service';
import { ITEM_FIELDS } from './patients.sql';
import { IdParam } from '../common/http/id-param';

@ApiTags('pacientes')
@Controller('pacientes')
export class PatientsController {
  constructor(private readonly patients: PatientsService) {}

  @Get()
  @NoClinicalAccess('La lista de la consulta: nombres, contacto y totales, no la ficha clínica')
  @Endpoint({
    summary: 'Pacientes del terapeuta',
    roles: ['terapeuta'],
    description: 'ra-data-simple-rest: sort, range, filter ({"q": nombre o apellido}); cabecera Content-Range.',
  })
  @ApiOkResponse({
    type: PatientItemDto,
    isArray: true,
    headers: { 'Content-Range': { description: 'pacientes 0-24/120', schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  async list(@CurrentUser() user: User, @Query() query: ListQueryDto, @Res() res: Response): Promise<void> {
    const { items, total, start } = await this.patients.list(user, query);
    res.setHeader('Content-Range', contentRange('pacientes', start, items.length, total));
    // The rows are written as they come, minus their sort keys: no per-row copy of 1,000 patients.
    res.type('application/json').send(JSON.stringify(items, ITEM_FIELDS as string[]));
  }

  @Get('unified/:id')
  @ClinicalAccess('ficha', 'lectura')
  @Endpoint({
    summary: 'Ficha completa de un paciente',
    roles: ['terapeuta'],
    description: 'Vista del terapeuta con totales en vivo: total_sesiones, total_tiempo_minutos, ultima_sesion, proxima_cita.',
  })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'Paciente no encontrado (o de otro terapeuta)' })
  unified(@CurrentUser() user: User, @IdParam() id: string): Promise<PatientDetailDto> {
    return this.patients.get(user, id);
  }

  @Get(':id')
  @ClinicalAccess('ficha', 'lectura')
  @Endpoint({ summary: 'Un paciente del terapeuta', roles: ['terapeuta'] })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'Paciente no encontrado (o de otro terapeuta)' })
  get(@CurrentUser() user: User, @IdParam() id: string): Promise<PatientDetailDto> {
    return this.patients.get(user, id);
  }

  @Post()
  @ClinicalAccess('ficha', 'creacion')
  @Endpoint({
    summary: 'Crear paciente',
    roles: ['terapeuta'],
    description:
      'Crea también su usuario con una contraseña temporal que deberá cambiar al entrar. consentimientos (opcional): los de grabación e IA que el paciente dio, registrados a la vez.',
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiConflictResponse({ type: ErrorDto, description: 'El email ya existe' })
  create(@CurrentUser() user: User, @Body() dto: CreatePatientDto): Promise<CreatePatientResponseDto> {
    return this.patients.create(user, dto);
  }

  @Patch(':id')
  @ClinicalAccess('ficha', 'modificacion')
  @Endpoint({
    summary: 'Actualizar la ficha de un paciente',
    roles: ['terapeuta'],
    description: 'Solo cambian los campos enviados. No se puede cambiar el email ni el terapeuta.',
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  update(@CurrentUser() user: User, @IdParam() id: string, @Body() dto: UpdatePatientDto): Promise<PatientDetailDto> {
    return this.patients.update(user, id, dto);
  }

  @Delete(':id')
  @ClinicalAccess('ficha', 'eliminacion')
  @Endpoint({ summary: 'Eliminar paciente', roles: ['terapeuta'], description: 'Borra el paciente, su usuario y todos sus datos.' })
  @ApiNotFoundResponse({ type: ErrorDto })
  remove(@CurrentUser() user: User, @IdParam() id: string): Promise<PatientItemDto> {
    return this.patients.remove(user, id);
  }
}
