import { Controller, Delete, Get, Param, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { CalendarFeedResponse, CalendarFeedStatus } from '@consulta/shared';
import type { Response } from 'express';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { NoClinicalAccess } from '../common/auth/clinical-access.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { CalendarFeedService } from './calendar-feed.service';
import { CalendarFeedResponseDto, CalendarFeedStatusDto } from './dto/calendar-feed.dto';

const NO_PATIENT = 'El enlace secreto del calendario del terapeuta: no lee ni cambia ninguna cita';

/** The therapist's calendar feed: its state, a new secret URL, revoking it. Registered before AgendaController. */
@ApiTags('citas')
@Controller('citas/calendario')
export class CalendarFeedController {
  constructor(private readonly feeds: CalendarFeedService) {}

  @Get()
  @NoClinicalAccess(NO_PATIENT)
  @Endpoint({ summary: 'Estado de mi calendario suscrito', roles: ['terapeuta'], description: 'Su URL solo se muestra al crearla.' })
  @ApiOkResponse({ type: CalendarFeedStatusDto })
  status(@CurrentUser() user: User): Promise<CalendarFeedStatus> {
    return this.feeds.status(user);
  }

  @Post()
  @NoClinicalAccess(NO_PATIENT)
  @Endpoint({
    summary: 'Crear la URL de mi calendario suscrito',
    roles: ['terapeuta'],
    description: 'Una URL secreta nueva para suscribirse desde Google Calendar, Outlook o Apple Calendar; la anterior deja de funcionar.',
  })
  @ApiCreatedResponse({ type: CalendarFeedResponseDto })
  create(@CurrentUser() user: User): Promise<CalendarFeedResponse> {
    return this.feeds.create(user);
  }

  @Delete()
  @NoClinicalAccess(NO_PATIENT)
  @Endpoint({ summary: 'Revocar mi calendario suscrito', roles: ['terapeuta'], description: 'La URL deja de funcionar (404).' })
  @ApiOkResponse({ type: CalendarFeedStatusDto, description: 'Revocado (o no había ninguno): ya no hay calendario' })
  async revoke(@CurrentUser() user: User): Promise<CalendarFeedStatusDto> {
    await this.feeds.revoke(user);
    return { activo: false, creado_en: null };
  }
}

/** The feed itself, for calendar apps: no sign-in, the URL's token is the credential. */
@ApiTags('citas')
@Controller('calendario')
export class CalendarFeedIcsController {
  constructor(private readonly feeds: CalendarFeedService) {}

  @Get(':token.ics')
  @NoClinicalAccess('Calendario del terapeuta por su URL secreta: horas, iniciales y modalidad, sin nombres, notas ni contacto; sin sesión')
  @Endpoint({
    summary: 'Calendario suscrito (iCalendar)',
    public: true,
    errors: [404],
    description: 'Las citas de 30 días atrás a un año adelante; las canceladas con STATUS:CANCELLED. Solo iniciales y modalidad.',
  })
  @ApiParam({ name: 'token', type: String })
  @ApiProduces('text/calendar')
  @ApiOkResponse({ description: 'text/calendar (RFC 5545)', content: { 'text/calendar': { schema: { type: 'string' } } } })
  async ics(@Param('token') token: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    const body = await this.feeds.ics(token);
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', 'inline; filename="consulta.ics"');
    res.setHeader('X-Robots-Tag', 'noindex');
    return body;
  }
}
