import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { stopWithin } from './common/process/stop-deadline';
import { createFilesOwnerOnly, dataDirWarning } from './common/files/owner-only';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config';
import { JobsService } from './jobs/jobs.service';

/**
 * The background-job worker: the same application without HTTP, running the handlers of every queue. For
 * deployments where the API replicas only queue jobs (RUN_JOBS=false). Needs Redis and PostgreSQL: the embedded
 * mode runs its jobs inside the app. It applies no migrations (the app does; a job that meets an older schema
 * fails and is retried).
 */
async function main(): Promise<void> {
  createFilesOwnerOnly();
  let config: AppConfig;
  try {
    config = loadConfig({ ...process.env, RUN_JOBS: 'true' });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (!config.redisUrl || config.embedded) {
    console.error('The worker needs REDIS_URL and DATABASE_URL; without them the jobs run inside the app (npm start).');
    process.exit(1);
  }
  stopWithin(config.shutdownTimeoutMs, 'Worker');
  const openDataDir = await dataDirWarning(config.dataDir);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(PinoNestLogger));
  app.enableShutdownHooks();
  const logger = new Logger('Worker');
  for (const warning of openDataDir ? [...config.warnings, openDataDir] : config.warnings) logger.warn(warning);
  // The rows whose job Redis lost, and the lost schedules, are queued again from here too (API replicas may only queue).
  await app.get(JobsService).keepResuming();
  logger.log(`Running the jobs of the queues: ${app.get(JobsService).queueNames().join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
