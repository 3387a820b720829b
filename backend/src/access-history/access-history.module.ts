import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AccessModule } from '../access/access.module';
import { AccessHistoryController } from './access-history.controller';
import { AccessHistoryInterceptor } from './access-history.interceptor';
import { AccessHistoryService } from './access-history.service';
import { AccessHistoryWriter } from './access-history.writer';

/** The access history: recorded around every route declared `@ClinicalAccess`, read by the patient's therapist. */
@Module({
  imports: [AccessModule],
  controllers: [AccessHistoryController],
  providers: [AccessHistoryService, AccessHistoryWriter, { provide: APP_INTERCEPTOR, useClass: AccessHistoryInterceptor }],
})
export class AccessHistoryModule {}
