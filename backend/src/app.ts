import 'reflect-metadata';
import { Logger, NotFoundException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication, NestExpressBodyParserOptionsFor } from '@nestjs/platform-express';
import { MikroORM } from '@mikro-orm/core';
import { MSG } from '@consulta/shared';
import type { NextFunction, Request, Response } from 'express';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { AllExceptionsFilter, sendError } from './common/errors/all-exceptions.filter';
import { problem } from './common/errors/error.dto';
import { ROOT_LOGGER } from './common/logging/logging.module';
import { requestLogger } from './common/logging/request-logging';
import { safeInput, verifyJsonShape } from './common/validation/safe-input';
import { createValidationPipe } from './common/validation/validation.pipe';
import { compressAnswers } from './common/web/compress';
import { ExpressServerAdapter } from './common/web/express-server';
import { applySecurity } from './common/web/security';
import { serveSpa } from './common/web/spa';
import { setupSwagger } from './common/web/swagger';
import { storageOrigins } from './storage/drivers/storage-origins';
import { LocalDriver } from './storage/drivers/local.driver';
import { STORAGE_DRIVER, type StorageDriver } from './storage/drivers/storage-driver';
import { LOCAL_PART_PATH, localPartRoute } from './storage/local-part-route';
import type { AppConfig } from './config/app-config';
import { lockDataDir } from './database/data-dir-lock';
import { migrate } from './database/migrate';
import { refuseWhileRestoring } from './backup/restore-marker';
import { JobsService } from './jobs/jobs.service';
import { Passwords } from './auth/passwords';
import { DemoSeeder } from './database/seeders/demo.seeder';
import { SearchIndexSweep } from './search/search-index.service';
import { REQUEST_OBSERVER, requestMetrics, type RequestObserver } from './ops/metrics/request-metrics';

export const API_PREFIX = 'api/v1';

export interface StartedApp {
  app: NestExpressApplication;
  /** Migrations applied during this start. */
  migrations: string[];
  /** Whether the demo practice was seeded during this start. */
  seeded: boolean;
}

/**
 * Builds the whole application: API under /api/v1, docs, security headers, the built frontend; then applies
 * pending migrations and, when the demo sign-in is on, seeds the demo practice on first run.
 */
export async function createApp(config: AppConfig): Promise<StartedApp> {
  if (config.embedded) lockDataDir(config.dataDir, 'app');
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), new ExpressServerAdapter(), {
    bodyParser: false,
    bufferLogs: true,
  });
  // Every log line through pino (LOG_LEVEL, LOG_FORMAT); the request logger first, so every answer has its id.
  app.useLogger(app.get(PinoNestLogger));
  // First, so every answer is timed, those refused before any route and the local store's part uploads too.
  if (config.ops) app.use(requestMetrics(app.get<RequestObserver>(REQUEST_OBSERVER)));
  const driver = app.get<StorageDriver>(STORAGE_DRIVER);
  if (driver instanceof LocalDriver) app.use(LOCAL_PART_PATH, localPartRoute(driver, app.get(ROOT_LOGGER)));
  app.use(requestLogger(app.get(ROOT_LOGGER)));
  app.set('trust proxy', config.trustProxy);
  app.set('x-powered-by', false);
  app.set('etag', false); // API answers are per user and not cached; hashing large lists costs time
  applySecurity(app, storageOrigins(config));
  // Answers are per user, clinical data among them: no cache, the browser's or a proxy's, keeps a copy.
  app.use(`/${API_PREFIX}`, (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(`/${API_PREFIX}`, compressAnswers);
  // `verify` is left out of the option's type because Nest sets it for `rawBody`, which this app does not use.
  app.useBodyParser('json', { limit: '1mb', verify: verifyJsonShape } as NestExpressBodyParserOptionsFor<'json'>);
  app.use(safeInput);
  const errorLogger = new Logger('Errors');
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => sendError(res, err, errorLogger));
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  app.enableShutdownHooks();
  if (config.apiDocs) setupSwagger(app);
  if (config.frontendDist) serveSpa(app, config.frontendDist);

  // Before anything starts (jobs, the backup socket) or writes (migrations, the demo): not while a restore is unfinished.
  await refuseWhileRestoring(app.get(MikroORM).em).catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  await app.init();
  // After init, so it runs after every route: whatever nothing answered (outside /api/v1 too) is a JSON 404.
  app.use((_req: Request, res: Response) => sendError(res, new NotFoundException(problem(MSG.common.notFound, 'NOT_FOUND')), errorLogger));

  const orm = app.get(MikroORM);
  const migrations = await migrate(orm, { embedded: config.embedded });
  let seeded = false;
  if (config.demoLogin) {
    const seeder = new DemoSeeder(app.get(Passwords), app.get(STORAGE_DRIVER));
    await seeder.run(orm.em.fork());
    seeded = seeder.seeded;
  }
  // Jobs a stopped process left running, now that the schema is there, and from then on those Redis lost; then the
  // search index catches up with whatever was written without it (a migration, a restore, the demo just seeded), in
  // the background.
  await app.get(JobsService).keepResuming();
  app.get(SearchIndexSweep).start();
  return { app, migrations, seeded };
}
