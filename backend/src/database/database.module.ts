import { DynamicModule, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { AppConfig } from '../config/app-config';
import { ormOptions } from './orm-options';

/** MikroORM for the whole app; inject the core EntityManager (works with both drivers). */
@Module({})
export class DatabaseModule {
  static forRoot(config: AppConfig): DynamicModule {
    const orm = ormOptions(config).then((options) => MikroOrmModule.forRoot({ ...options, registerRequestContext: true }));
    return { module: DatabaseModule, imports: [orm] };
  }
}
