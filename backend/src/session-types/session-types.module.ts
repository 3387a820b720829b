import { Module } from '@nestjs/common';
import { SessionTypesController } from './session-types.controller';
import { SessionTypesService } from './session-types.service';

@Module({ controllers: [SessionTypesController], providers: [SessionTypesService], exports: [SessionTypesService] })
export class SessionTypesModule {}
