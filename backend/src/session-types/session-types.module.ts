import { Module } from '@nestjs/common';
import { PatientsModule } from '../patients/patients.module';
import { SessionTypesController } from './session-types.controller';
import { SessionTypesService } from './session-types.service';

@Module({
  imports: [PatientsModule],
  controllers: [SessionTypesController],
  providers: [SessionTypesService],
  exports: [SessionTypesService],
})
export class SessionTypesModule {}
