import { Module } from '@nestjs/common';
import { PatientsModule } from '../patients/patients.module';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';

@Module({ imports: [PatientsModule], controllers: [InvitationsController], providers: [InvitationsService] })
export class InvitationsModule {}
