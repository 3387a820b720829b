import { Controller, Get, HttpStatus, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto } from '../common/errors/error.dto';
import { requestIdOf } from '../common/logging/request-logging';
import { LivenessDto, ReadinessDto, ReadinessFailureDto } from './dto/health.dto';
import { ReadinessService } from './readiness.service';

/** For load balancers and orchestrators: public, never throttled, never cached (as every answer under /api/v1). */
@ApiTags('health')
@Controller('health')
@ApiBadRequestResponse({ type: ErrorDto, description: 'Parámetros no válidos (como en toda la API)' })
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  @Get()
  @Endpoint({ summary: 'Vivo: el proceso responde (no consulta ninguna dependencia)', public: true, throttle: false })
  @ApiOkResponse({ type: LivenessDto })
  live(): LivenessDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @Endpoint({
    summary: 'Preparado: base de datos, Redis (si está configurado) y almacenamiento responden',
    description: 'Cada comprobación tiene un límite de 2 s. 503 dice qué dependencia no responde.',
    public: true,
    throttle: false,
  })
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({ type: ReadinessFailureDto, description: 'Alguna dependencia no responde' })
  async ready(@Req() req: Request, @Res() res: Response): Promise<void> {
    const result = await this.readiness.check();
    if (result.status === 'ok') {
      res.json(result);
      return;
    }
    const down = Object.keys(result.error ?? {}).join(', ');
    const failure: ReadinessFailureDto = {
      detail: `No disponible: ${down}`,
      code: 'UNAVAILABLE',
      request_id: requestIdOf(req) ?? '',
      ...(result as ReadinessDto),
    };
    res.status(HttpStatus.SERVICE_UNAVAILABLE).json(failure);
  }
}
