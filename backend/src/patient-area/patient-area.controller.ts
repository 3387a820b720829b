import { Body, Controller, Get, Patch, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { ClinicalAccess } from '../common/auth/clinical-access.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto } from '../common/errors/error.dto';
import {
  PatientDashboardDto,
  PatientOwnProfileDto,
  PatientViewSessionDto,
  PatientViewSessionSummaryDto,
  UpdateOwnProfileDto,
} from './dto/patient-area.dto';
import { PatientAreaService } from './patient-area.service';
import { IdParam } from '../common/http/id-param';

const PRIVATE =
  'Solo lo que el paciente puede leer: nunca las notas ni las observaciones del terapeuta, su análisis IA, un análisis ' +
  'para el paciente sin publicar, las notas terapéuticas ni el plan de tratamiento.';
const PROFILE_UPDATE =
  'Solo cambian telefono (número completo con su código de país), direccion, fecha_nacimiento, genero, notas (las ' +
  'notas propias del paciente, que su terapeuta lee; nunca las notas del terapeuta) y foto_perfil (la clave de la foto ' +
  'subida con custom_path pacientes/{id}/perfil, o una URL https://), y solo los enviados; cualquier otro campo se ' +
  'rechaza con 400.';

/** The patient's own record: dashboard and profile, under /pacientes/. */
@ApiTags('área del paciente')
@Controller('pacientes')
export class PatientAreaController {
  constructor(private readonly area: PatientAreaService) {}

  @Get('paciente/dashboard')
  @ClinicalAccess('ficha', 'lectura')
  @Endpoint({ summary: 'Mi inicio: totales, sesiones recientes, última sesión y próxima cita', roles: ['paciente'], description: PRIVATE })
  dashboard(@CurrentUser() user: User): Promise<PatientDashboardDto> {
    return this.area.dashboard(user);
  }

  @Get('perfil')
  @ClinicalAccess('ficha', 'lectura')
  @Endpoint({ summary: 'Mi perfil', roles: ['paciente'], description: 'avatar_url: la foto a mostrar (firmada 1 h si es una subida).' })
  profile(@CurrentUser() user: User): Promise<PatientOwnProfileDto> {
    return this.area.profile(user);
  }

  @Put('perfil')
  @ClinicalAccess('ficha', 'modificacion')
  @Endpoint({ summary: 'Actualizar mi perfil', roles: ['paciente'], description: PROFILE_UPDATE })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'La foto no es una subida propia' })
  replaceProfile(@CurrentUser() user: User, @Body() dto: UpdateOwnProfileDto): Promise<PatientOwnProfileDto> {
    return this.area.updateProfile(user, dto);
  }

  @Patch('perfil')
  @ClinicalAccess('ficha', 'modificacion')
  @Endpoint({ summary: 'Actualizar mi perfil', roles: ['paciente'], description: PROFILE_UPDATE })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'La foto no es una subida propia' })
  updateProfile(@CurrentUser() user: User, @Body() dto: UpdateOwnProfileDto): Promise<PatientOwnProfileDto> {
    return this.area.updateProfile(user, dto);
  }
}

/** The patient's own sessions, under /sesiones/paciente/ (the video's download is SessionsController's). */
@ApiTags('área del paciente')
@Controller('sesiones/paciente')
export class PatientSessionsController {
  constructor(private readonly area: PatientAreaService) {}

  @Get('mis-sesiones')
  @ClinicalAccess('sesion', 'lectura')
  @Endpoint({ summary: 'Mis sesiones anteriores', roles: ['paciente'], description: `La más reciente primero. ${PRIVATE}` })
  list(@CurrentUser() user: User): Promise<PatientViewSessionSummaryDto[]> {
    return this.area.sessions(user);
  }

  @Get('sesion/:id')
  @ClinicalAccess('sesion', 'lectura')
  @Endpoint({ summary: 'Una de mis sesiones', roles: ['paciente'], description: PRIVATE })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'Sesión no encontrada (o de otro paciente)' })
  get(@CurrentUser() user: User, @IdParam() id: string): Promise<PatientViewSessionDto> {
    return this.area.session(user, id);
  }
}
