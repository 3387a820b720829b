import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { SessionTypesController } from './session-types.controller';
import { SessionTypesService } from './session-types.service';

@Module({
  imports: [AccessModule],
  controllers: [SessionTypesController],
  providers: [SessionTypesService],
  exports: [SessionTypesService],
})
export class SessionTypesModule {}
