import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { JobsService, REDIS_JOBS } from './jobs.service';

/** BullMQ and ioredis are loaded only with REDIS_URL: without it the jobs run in the process. */
const redisJobs = async (config: AppConfig) => (config.redisUrl ? new (await import('./redis-jobs.js')).RedisJobs(config) : null);

@Global()
@Module({ providers: [{ provide: REDIS_JOBS, useFactory: redisJobs, inject: [APP_CONFIG] }, JobsService], exports: [JobsService] })
export class JobsModule {}
