import { DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from './app-config';
import { APP_CONFIG } from './config.constants';
import { ConfigController } from './config.controller';

/** Provides the validated AppConfig (token APP_CONFIG) everywhere, and the public GET /config. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      controllers: [ConfigController],
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
