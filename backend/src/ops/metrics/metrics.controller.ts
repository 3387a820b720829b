import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Endpoint } from '../../common/auth/endpoint.decorator';
import { AppMetrics } from './app-metrics';

/**
 * GET /metrics in Prometheus' text format, for the operators (HTTP Basic with OPS_USER and OPS_PASSWORD, checked by
 * the module's middleware). Not part of the API's document: it is no call of the product.
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: AppMetrics) {}

  @Get()
  @Endpoint({ summary: 'Métricas para Prometheus (operadores)', public: true, throttle: false })
  async scrape(@Res() res: Response): Promise<void> {
    const { contentType, text } = await this.metrics.render();
    res.type(contentType).send(text);
  }
}
