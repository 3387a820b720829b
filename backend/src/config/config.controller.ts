import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBadRequestResponse, ApiTags } from '@nestjs/swagger';
import { AI_PROVIDER, type AiProvider } from '../ai/ai-provider';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto } from '../common/errors/error.dto';
import type { AppConfig } from './app-config';
import { APP_CONFIG } from './config.constants';
import { PublicConfigDto } from './public-config.dto';

@ApiTags('config')
@Controller('config')
export class ConfigController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AI_PROVIDER) private readonly ai: AiProvider,
  ) {}

  @Get()
  @Endpoint({
    summary: 'Configuración pública para el cliente (Google, acceso de demostración, IA, moneda y país de la consulta)',
    public: true,
    throttle: false,
  })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Parámetros no válidos (como en toda la API)' })
  get(): PublicConfigDto {
    return {
      google_client_id: this.config.googleClientId,
      demo_login: this.config.demoLogin,
      ia_configurada: this.ai.configured,
      ia_seudonimizada: this.config.aiPseudonymize,
      moneda: this.config.practice.currency,
      pais: this.config.practice.defaultCountry,
    };
  }
}
