import { Body, Controller, Get, HttpCode, Ip, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto } from '../common/errors/error.dto';
import {
  InvitationValidationDto,
  RegisterInvitationDto,
  RegisterInvitationResponseDto,
  SendInvitationDto,
  SendInvitationResponseDto,
} from './dto/invitation.dto';
import { InvitationsService } from './invitations.service';

@ApiTags('invitations')
@Controller('invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post('send')
  @Endpoint({
    summary: 'Invitar a un paciente',
    roles: ['terapeuta'],
    description: 'Por email (se envía el enlace) o por WhatsApp (la respuesta trae whatsapp_url). Enlace válido 7 días, de un solo uso.',
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiConflictResponse({ type: ErrorDto, description: 'Ya existe un usuario con ese email' })
  @ApiTooManyRequestsResponse({ type: ErrorDto, description: 'Límite por dirección y por cliente' })
  send(@CurrentUser() user: User, @Body() dto: SendInvitationDto, @Ip() ip: string): Promise<SendInvitationResponseDto> {
    return this.invitations.send(user, dto, ip);
  }

  @Get('validate/:token')
  @Endpoint({ summary: 'Comprobar una invitación', public: true, description: 'Inválida, usada o expirada: valid=false con un mensaje.' })
  validate(@Param('token') token: string): Promise<InvitationValidationDto> {
    return this.invitations.validate(token);
  }

  @Post('register')
  @HttpCode(201)
  @Endpoint({
    summary: 'Registro de un paciente invitado',
    public: true,
    description:
      'Invitación por WhatsApp: la misma respuesta (patient_id null) exista o no una cuenta con el email elegido; el enlace se usa y el email recibe un correo.',
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiConflictResponse({ type: ErrorDto, description: 'Invitación por email: ya existe un usuario con ese email' })
  register(@Body() dto: RegisterInvitationDto): Promise<RegisterInvitationResponseDto> {
    return this.invitations.register(dto);
  }
}
