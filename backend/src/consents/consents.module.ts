import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { ConsentGate } from './consent-gate.service';
import { ConsentsController, OwnConsentsController } from './consents.controller';
import { ConsentsService } from './consents.service';

/** A patient's consents (issue 17); exports the gate the recording and AI routes and jobs check. */
@Module({
  imports: [AccessModule],
  // The patient's /pacientes/perfil/consentimientos first: routes match in the order they are registered.
  controllers: [OwnConsentsController, ConsentsController],
  providers: [ConsentsService, ConsentGate],
  exports: [ConsentGate, ConsentsService],
})
export class ConsentsModule {}
