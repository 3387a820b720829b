import { DynamicModule, Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/app-config';
import { createRootLogger } from './root-logger';

/** Injection token of the process's root pino logger. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/**
 * nestjs-pino over our root logger. `useExisting`: the request logger (pino-http) is not Nest's middleware but the
 * app's first Express middleware (app.ts), so that requests refused before any Nest middleware (a bad body, an
 * unknown path) get their id and their line too; nestjs-pino binds each request's logger for Nest's `Logger`.
 */
@Global()
@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig): DynamicModule {
    const root: Logger = createRootLogger(config.log);
    return {
      module: LoggingModule,
      imports: [LoggerModule.forRoot({ pinoHttp: { logger: root }, useExisting: true })],
      providers: [{ provide: ROOT_LOGGER, useValue: root }],
      exports: [ROOT_LOGGER],
    };
  }
}
