import { DynamicModule, Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { BullBoardModule, InjectBullBoard, type BullBoardInstance } from '@bull-board/nestjs';
import { SignInLimits } from '../common/throttle/sign-in-limits';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { JobsService } from '../jobs/jobs.service';
import { operatorAuth } from './operator-auth';

/** Under the global prefix: /api/v1/admin/queues. */
export const QUEUE_DASHBOARD_ROUTE = '/admin/queues';

/** Puts every queue on the board once every domain has registered its handler (in their onModuleInit). */
@Injectable()
class QueueBoard implements OnApplicationBootstrap {
  constructor(
    @InjectBullBoard() private readonly board: BullBoardInstance,
    private readonly jobs: JobsService,
  ) {}

  onApplicationBootstrap(): void {
    for (const queue of this.jobs.redisQueues()) this.board.addQueue(new BullMQAdapter(queue));
  }
}

/**
 * The operators' queue dashboard (@bull-board): jobs, their payloads, failures and retries. Only imported with
 * Redis queues and operator credentials (AppModule); otherwise nothing answers there (404).
 */
@Module({})
export class QueueDashboardModule {
  static forRoot(): DynamicModule {
    return {
      module: QueueDashboardModule,
      imports: [
        BullBoardModule.forRootAsync({
          inject: [APP_CONFIG, SignInLimits],
          useFactory: (config: AppConfig, limits: SignInLimits) => ({
            route: QUEUE_DASHBOARD_ROUTE,
            adapter: ExpressAdapter,
            middleware: operatorAuth(config.ops!, limits),
            boardOptions: { uiConfig: { boardTitle: 'Consulta' } },
          }),
        }),
      ],
      providers: [QueueBoard],
    };
  }
}
