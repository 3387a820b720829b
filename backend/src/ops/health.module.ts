import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { ReadinessService } from './readiness.service';

/** GET /health (liveness) and /health/ready (readiness) through @nestjs/terminus. */
@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json' })],
  controllers: [HealthController],
  providers: [ReadinessService],
})
export class HealthModule {}
