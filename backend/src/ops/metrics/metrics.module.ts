import { Inject, Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { SignInLimits } from '../../common/throttle/sign-in-limits';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.constants';
import { operatorAuth } from '../operator-auth';
import { AppMetrics } from './app-metrics';
import { MetricsController } from './metrics.controller';
import { REQUEST_OBSERVER } from './request-metrics';

/**
 * The operators' metrics at /api/v1/metrics, behind the operator credentials like the queue dashboard. Only imported
 * with OPS_USER and OPS_PASSWORD (AppModule): otherwise the path is unknown (404), prom-client is not loaded and no
 * request is timed.
 */
@Module({
  controllers: [MetricsController],
  providers: [AppMetrics, { provide: REQUEST_OBSERVER, useExisting: AppMetrics }],
  exports: [REQUEST_OBSERVER],
})
export class MetricsModule implements NestModule {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limits: SignInLimits,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(operatorAuth(this.config.ops!, this.limits)).forRoutes({ path: 'metrics', method: RequestMethod.GET });
  }
}
