import { Module } from '@nestjs/common';
import { DraftsModule } from '../drafts/drafts.module';
import { ConsentsModule } from '../consents/consents.module';
import { AccessModule } from '../access/access.module';
import { TranscriptionController } from './transcription.controller';
import { TranscriptionService } from './transcription.service';

@Module({
  imports: [AccessModule, ConsentsModule, DraftsModule],
  controllers: [TranscriptionController],
  providers: [TranscriptionService],
})
export class TranscriptionModule {}
