import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { LocalStorageController } from '../storage/local-storage.controller';
import { StorageController } from './storage.controller';
import { UploadsService } from './uploads.service';

/** The storage calls (/aws-s3) and the local driver's signed URLs (/storage). */
@Module({
  imports: [AccessModule],
  controllers: [StorageController, LocalStorageController],
  providers: [UploadsService],
})
export class StorageApiModule {}
