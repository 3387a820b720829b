import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiTags } from '@nestjs/swagger';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto } from '../common/errors/error.dto';
import { TherapistProfileDto, UpdateTherapistProfileDto } from './dto/therapist-profile.dto';
import { TherapistProfileService } from './therapist-profile.service';

@ApiTags('terapeuta')
@Controller('terapeuta/perfil')
export class TherapistProfileController {
  constructor(private readonly profiles: TherapistProfileService) {}

  @Get()
  @Endpoint({ summary: 'Mi perfil de terapeuta', roles: ['terapeuta'] })
  get(@CurrentUser() user: User): Promise<TherapistProfileDto> {
    return this.profiles.get(user);
  }

  @Put()
  @Endpoint({
    summary: 'Actualizar mi perfil de terapeuta',
    roles: ['terapeuta'],
    description: 'especialidad, licencia, telefono, direccion, biografia. name y email son de solo lectura (400).',
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  update(@CurrentUser() user: User, @Body() dto: UpdateTherapistProfileDto): Promise<TherapistProfileDto> {
    return this.profiles.update(user, dto);
  }
}
